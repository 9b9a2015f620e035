import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../db/database';
import type { RunningServer } from '../server';
import { createTestStorage, type TestStorage } from './test-storage';
import { restartTestServer, startTestServer } from './test-server';

/**
 * Starts one real server for the test file on a fresh database, and stops it afterwards. Read
 * `fixture.server` inside tests, once beforeAll has run.
 * @param options.kind - the database; by default the one of the suite's Vitest project
 * @param options.webDistDir - the built web app to serve; by default a one-page stand-in
 */
export function useTestServer(options: { kind?: DatabaseKind; webDistDir?: string } = {}) {
  const state: { server?: RunningServer; storage?: TestStorage } = {};
  beforeAll(async () => {
    state.storage = await createTestStorage(options.kind);
    state.server = await startTestServer(state.storage, {}, { webDistDir: options.webDistDir });
  });
  afterAll(async () => {
    await state.server?.close();
    await state.storage?.cleanup();
  });
  let stopped: RunningServer | undefined;
  return {
    get server(): RunningServer {
      if (!state.server) throw new Error('the test server is not running (beforeAll failed?)');
      return state.server;
    },
    /** Stops the server (an outage); `start()` brings it back on the same port and data. */
    async stop(): Promise<void> {
      stopped = this.server;
      await stopped.close();
    },
    async start(): Promise<void> {
      if (!stopped || !state.storage) throw new Error('start() needs a stop() first');
      state.server = await restartTestServer(state.storage, stopped, {
        webDistDir: options.webDistDir,
      });
      stopped = undefined;
    },
  };
}
