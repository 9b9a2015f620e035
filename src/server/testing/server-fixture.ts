import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../server';
import { createTestStorage, type TestStorage } from './test-storage';
import { startTestServer } from './test-server';

/**
 * Starts one real server for the test file on a fresh database of the suite's kind, and stops
 * it afterwards. Read `fixture.server` inside tests, once beforeAll has run.
 */
export function useTestServer(extraEnv: Record<string, string> = {}) {
  const state: { server?: RunningServer; storage?: TestStorage } = {};
  beforeAll(async () => {
    state.storage = await createTestStorage();
    state.server = await startTestServer(state.storage, extraEnv);
  });
  afterAll(async () => {
    await state.server?.close();
    await state.storage?.cleanup();
  });
  return {
    get server(): RunningServer {
      if (!state.server) throw new Error('the test server is not running (beforeAll failed?)');
      return state.server;
    },
  };
}
