/**
 * The hostile-input fuzz for longer than the test suite runs it: generated hostile bodies to
 * every JSON route, and hostile route params and queries, against a real server on a fresh
 * database. Prints the requests sent, the status histogram, how long the answers took (and the
 * slowest) and every 5xx with its request; exits 1 if there was any 5xx, a refusal in English or a
 * refused request changed the doctor's data.
 *
 *   npm run fuzz -- [seed] [count]          (default: a random seed, 2000 requests)
 *   TEST_DATABASE_URL=postgres://… npm run fuzz -- 42 5000   (on PostgreSQL; a role that may
 *   create databases)
 */
import fc from 'fast-check';
import { createTestStorage } from '@server/testing/test-storage';
import { startTestServer } from '@server/testing/test-server';
import {
  describeHostile,
  doctorStateSnapshot,
  englishRefusal,
  hostileRequest,
  hostileUrl,
  jsonRoutes,
  prepareFuzzTargets,
  sendHostile,
} from '@server/testing/hostile-requests';
import { ms, percentile } from './bench-support';

const seed = Number(process.argv[2] ?? Math.floor(Math.random() * 2 ** 31));
const count = Number(process.argv[3] ?? 2000);
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) {
  console.error('usage: npm run fuzz -- [seed] [count]');
  process.exit(2);
}

const postgresUrl = process.env.TEST_DATABASE_URL;
const storage = await createTestStorage(postgresUrl ? 'postgres' : 'pglite', postgresUrl);
const server = await startTestServer(storage);
const histogram = new Map<number, number>();
const answerTimes: { ms: number; line: string }[] = [];
const failures: string[] = [];
const started = performance.now();
try {
  const { ana, bruno, targets } = await prepareFuzzTargets(server.url);
  const routes = jsonRoutes(targets);
  const brunoBefore = await doctorStateSnapshot(bruno.browser);
  let anaBefore = await doctorStateSnapshot(ana.browser);
  // One in five is a hostile URL, the rest hostile bodies; all drawn from the one seed.
  const bodies = fc.sample(hostileRequest(routes), {
    seed,
    numRuns: count - Math.floor(count / 5),
  });
  const urls = fc.sample(hostileUrl(), { seed, numRuns: Math.floor(count / 5) });
  for (const [index, request] of bodies.entries()) {
    const answer = await sendHostile(ana.browser, request);
    histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
    const line = `${describeHostile(request)} → ${answer.status} ${answer.text.slice(0, 200)}`;
    answerTimes.push({ ms: answer.elapsedMs, line: describeHostile(request) });
    if (answer.status >= 500) failures.push(`5xx: ${line}`);
    if (englishRefusal(answer.status, answer.text)) failures.push(`in English: ${line}`);
    if (request.mustBeRefused && answer.status < 400) failures.push(`accepted: ${line}`);
    const anaAfter = await doctorStateSnapshot(ana.browser);
    if (answer.status >= 400 && anaAfter !== anaBefore) failures.push(`state changed: ${line}`);
    anaBefore = anaAfter;
    if ((index + 1) % 500 === 0) console.log(`  ${index + 1} bodies sent…`);
  }
  for (const { method, path, mustBeRefused } of urls) {
    const response = await ana.browser.fetch(path, { method });
    histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
    const line = `${method} ${path.slice(0, 200)} → ${response.status}`;
    if (response.status >= 500) failures.push(`5xx: ${line} ${await response.text()}`);
    else await response.arrayBuffer();
    if (mustBeRefused && response.status < 400) failures.push(`accepted: ${line}`);
  }
  if ((await doctorStateSnapshot(bruno.browser)) !== brunoBefore) {
    failures.push("the other doctor's data changed");
  }
} finally {
  await server.close();
  await storage.cleanup();
}

const seconds = (performance.now() - started) / 1000;
console.log(
  `\nFuzz on ${storage.kind}: seed ${seed}, ${count} requests in ${seconds.toFixed(1)} s`,
);
console.log('Status histogram:');
for (const [status, times] of [...histogram].sort(([a], [b]) => a - b)) {
  console.log(`  ${status}: ${times}`);
}
const times = answerTimes.map((answer) => answer.ms).sort((a, b) => a - b);
const slowest = answerTimes.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, line: '-' });
console.log(
  `Answer times (bodies): p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, ` +
    `slowest ${ms(slowest.ms)}: ${slowest.line.slice(0, 160)}`,
);
console.log(
  failures.length
    ? `\n${failures.length} failures:`
    : '\nNo 5xx, no refusal in English, no change after a 4xx.',
);
for (const failure of failures) console.log(`  ${failure}`);
process.exit(failures.length ? 1 : 0);
