import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../../../src/server/server';
import { createTestStorage, type TestStorage } from '../../../src/server/testing/test-storage';
import { startTestServer } from '../../../src/server/testing/test-server';
import { WEB_DIST_DIR } from '../../../src/server/web-app';

/** Debian's Chromium, driven by playwright-core (no browser download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Starts the real server (PGlite, fresh DATA_DIR) serving the built web app, and a headless
 * Chromium. A missing build or browser fails the suite instead of skipping it.
 */
export function useBrowserSession() {
  const state: { server?: RunningServer; browser?: Browser; storage?: TestStorage } = {};
  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('Web app not built: run `npm run build` (npm run test:e2e does it).');
    }
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium (.ci/run does it).`,
      );
    }
    state.storage = await createTestStorage('pglite');
    state.server = await startTestServer(state.storage, {}, { webDistDir: WEB_DIST_DIR });
    state.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
    await state.storage?.cleanup();
  });
  return {
    get server(): RunningServer {
      if (!state.server) throw new Error('the server is not running (beforeAll failed?)');
      return state.server;
    },
    get browser(): Browser {
      if (!state.browser) throw new Error('Chromium is not running (beforeAll failed?)');
      return state.browser;
    },
  };
}
