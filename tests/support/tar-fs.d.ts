/** tar-fs (the archive reader @sparticuz/chromium itself uses): only what we call. */
declare module 'tar-fs' {
  import type { Writable } from 'node:stream';
  /** A stream that writes the tar archive piped into it as files under `cwd`. */
  export function extract(cwd: string): Writable;
}
