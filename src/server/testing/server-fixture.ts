import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../db/database';
import type { RunningServer } from '../server';
import type { HeavyWorkLimits } from '../workers/heavy-work';
import { createMigratedTestStorage, type TestStorage } from './test-storage';
import {
  restartTestServer,
  signUpDoctor,
  startTestServer,
  type TestDoctorAccount,
} from './test-server';

/**
 * Starts one real server for the test file on a fresh database (on PGlite, a copy of the run's
 * migrated one), and stops it afterwards. Read
 * `fixture.server` inside tests, once beforeAll has run.
 * @param options.kind - the database; by default the one of the suite's Vitest project
 * @param options.webDistDir - the built web app to serve; by default a one-page stand-in
 * @param options.env - extra environment variables, read when the server starts
 */
export function useTestServer(
  options: {
    kind?: DatabaseKind;
    webDistDir?: string;
    /** Extra environment, read when the server starts (a fake provider's address, say). */
    env?: () => Record<string, string> | Promise<Record<string, string>>;
    /** Limits of the heavy-work threads; by default the server's own. */
    heavyWorkLimits?: HeavyWorkLimits;
  } = {},
) {
  const state: { server?: RunningServer; storage?: TestStorage } = {};
  beforeAll(async () => {
    state.storage = await createMigratedTestStorage(options.kind);
    state.server = await startTestServer(state.storage, (await options.env?.()) ?? {}, {
      webDistDir: options.webDistDir,
      heavyWorkLimits: options.heavyWorkLimits,
    });
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
        ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
        ...(options.env ? { env: await options.env() } : {}),
      });
      stopped = undefined;
    },
  };
}

/**
 * `useTestServer` with one doctor signed up once it runs: the API suites that act as a doctor.
 * @param env - extra environment, read when the server starts (may wait for a fake provider)
 */
export function useSignedInTestServer(
  env: () => Record<string, string> | Promise<Record<string, string>>,
) {
  const fixture = useTestServer({ env });
  let doctor: TestDoctorAccount | undefined;
  beforeAll(async () => {
    doctor = await signUpDoctor(fixture.server.url);
  });
  return (): { server: RunningServer; doctor: TestDoctorAccount } => {
    if (!doctor) throw new Error('the test server is not running (beforeAll failed?)');
    return { server: fixture.server, doctor };
  };
}
