/** eSpeak NG compiled to WebAssembly (npm `espeak-ng`): a run of its command line. */
declare module 'espeak-ng' {
  interface ESpeakNgRun {
    /** The in-memory file system the command wrote to. */
    FS: { readFile(path: string): Uint8Array };
  }
  export default function ESpeakNg(options: {
    /** The command line, as for the espeak-ng program. */
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }): Promise<ESpeakNgRun>;
}
