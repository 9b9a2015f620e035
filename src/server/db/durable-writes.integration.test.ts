import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { signUpDoctor, startTestServer } from '../testing/test-server';
import { createTestStorage, testDatabaseKind, type TestStorage } from '../testing/test-storage';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

const STRACE = '/usr/bin/strace';

/** Why the suite cannot run here, or undefined when it can. */
function reasonToSkip(): string | undefined {
  if (testDatabaseKind() !== 'pglite') {
    return 'PostgreSQL makes its own commits durable (its fsync runs in its own processes)';
  }
  const probe = spawnSync(STRACE, ['-f', '-o', '/dev/null', 'true']);
  if (probe.error) return `${STRACE} is missing (apt-get install strace)`;
  if (probe.status !== 0) return `strace cannot trace here: ${probe.stderr.toString().trim()}`;
  return undefined;
}

const skipReason = reasonToSkip();
const AUTOSAVES = 10;

describe.skipIf(skipReason !== undefined)(
  `durable writes on the default database${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let storage: TestStorage;
    let server: ServerProcess;
    let traceFile: string;

    /** fsync/fdatasync calls the server process tree has made so far. */
    const syncCalls = async () =>
      (await readFile(traceFile, 'utf8'))
        .split('\n')
        .filter((line) => /\b(fsync|fdatasync)\(/.test(line)).length;

    beforeAll(async () => {
      storage = await createTestStorage();
      traceFile = path.join(storage.dataDir, 'strace.txt');
      server = await startServerProcess({ DATA_DIR: storage.dataDir }, [
        STRACE,
        '-f',
        '-qq',
        '-e',
        'trace=fsync,fdatasync',
        '-o',
        traceFile,
      ]);
    });
    afterAll(async () => {
      await server.crash();
      await storage.cleanup();
    });

    it('flushes to disk before acknowledging each autosave, and keeps it after kill -9', async () => {
      const doctor = await signUpDoctor(server.url);
      const created = await doctor.browser.api.call(recordsApi.create, {
        body: { patientInfo: { name: 'Maria Durável' } },
      });
      const params = { id: created.recordId };
      let version = created.record.version;
      const flushesPerWrite: number[] = [];
      for (let index = 1; index <= AUTOSAVES; index += 1) {
        const before = await syncCalls();
        const saved = await doctor.browser.api.call(recordsApi.update, {
          params,
          body: { plan: `Plano salvo ${index}`, currentStep: 'plan' },
          ifMatch: version,
        });
        version = saved.record.version;
        flushesPerWrite.push((await syncCalls()) - before);
      }
      // Every acknowledged write had made at least one fsync of its own before the answer.
      expect(flushesPerWrite.every((count) => count >= 1)).toBe(true);

      await server.crash();
      const restarted = await startTestServer(storage);
      try {
        const browser = doctor.browser.pointedAt(restarted.url);
        const { record } = await browser.api.call(recordsApi.get, { params });
        expect(record.plan).toBe(`Plano salvo ${AUTOSAVES}`);
        expect(record.version).toBe(version);
      } finally {
        await restarted.close();
      }
    });
  },
);
