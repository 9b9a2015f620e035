/**
 * `npm run bench:tests [-- <project> …]`: how long the test suites take. Runs the Vitest
 * projects as `npm test` does (all of them in one run, or only those named) and prints the run's
 * wall time and, per project, its files, the span from its first file's start to its last
 * file's end, and the time its files took added up; then the slowest files. Measures, never asserts: a shared machine is
 * noisy (docs/testing.md, "Tempo"). Build the web app first for the e2e project (`npm test` does).
 */
import { performance } from 'node:perf_hooks';
import { startVitest, type Reporter, type TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  failed: number;
  /** The files' own durations, added up. */
  fileMs: number;
  firstStart: number;
  lastEnd: number;
}

const projects = process.argv.slice(2);
const times = new Map<string, ProjectTime>();
const fileTimes: { project: string; file: string; ms: number }[] = [];
const started = new Map<TestModule, number>();

const timing: Reporter = {
  onTestModuleStart(module) {
    started.set(module, performance.now());
  },
  onTestModuleEnd(module) {
    const end = performance.now();
    const start = started.get(module) ?? end;
    const name = module.project.name;
    const time = times.get(name) ?? {
      files: 0,
      failed: 0,
      fileMs: 0,
      firstStart: start,
      lastEnd: end,
    };
    time.files += 1;
    if (module.state() === 'failed') time.failed += 1;
    time.fileMs += module.diagnostic().duration;
    fileTimes.push({
      project: name,
      file: module.relativeModuleId,
      ms: module.diagnostic().duration,
    });
    time.firstStart = Math.min(time.firstStart, start);
    time.lastEnd = Math.max(time.lastEnd, end);
    times.set(name, time);
  },
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const runStart = performance.now();
const vitest = await startVitest('test', [], {
  run: true,
  watch: false,
  ...(projects.length > 0 ? { project: projects } : {}),
  reporters: ['dot', timing],
});
await vitest.close();
const wall = performance.now() - runStart;

console.log(`\nwall time of the run: ${seconds(wall)}`);
console.log('project            files  failed   span (first start → last end)   files added up');
for (const [name, time] of [...times].sort((a, b) => a[1].firstStart - b[1].firstStart)) {
  console.log(
    `${name.padEnd(18)} ${String(time.files).padStart(5)}  ${String(time.failed).padStart(6)}   ` +
      `${seconds(time.lastEnd - time.firstStart).padStart(29)}   ${seconds(time.fileMs).padStart(14)}`,
  );
}
console.log('\nthe slowest files:');
for (const { project, file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
  console.log(`${seconds(ms).padStart(9)}  ${project.padEnd(16)} ${file}`);
}
if ([...times.values()].some((time) => time.failed > 0)) process.exitCode = 1;
