import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { RunningServer } from '@server/server';
import { useTestServer } from '@server/testing/server-fixture';
import { WEB_DIST_DIR } from '@server/web-app';
import { launchChromium } from '../../support/chromium';

/** Options for {@link useBrowserSession}. */
export interface BrowserSessionOptions {
  /** Extra server environment, read when the server starts (after earlier `beforeAll`s). */
  env?: () => Record<string, string>;
  /**
   * Extra Chromium flags, read when Chromium starts: a function, because what they point at
   * (e.g. a fake microphone's WAV file) is often made in an earlier `beforeAll`.
   */
  chromiumArgs?: () => string[];
}

/**
 * Starts the real server (PGlite, fresh DATA_DIR) serving the built web app, and a headless
 * Chromium (the one the e2e global setup found). A missing build fails the suite instead of
 * skipping it.
 * @param options - extra server environment and Chromium flags
 */
export function useBrowserSession(options: BrowserSessionOptions = {}) {
  // Registered first, so these checks run before anything starts.
  beforeAll(() => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('Web app not built: run `npm run build` (npm run test:e2e does it).');
    }
  });
  const fixture = useTestServer({
    kind: 'pglite',
    webDistDir: WEB_DIST_DIR,
    ...(options.env ? { env: options.env } : {}),
  });
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(inject('chromium'), options.chromiumArgs?.());
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get server(): RunningServer {
      return fixture.server;
    },
    /** A server outage: stops the app; `startServer()` brings it back at the same address. */
    stopServer: () => fixture.stop(),
    startServer: () => fixture.start(),
    get browser(): Browser {
      if (!browser) throw new Error('Chromium is not running (beforeAll failed?)');
      return browser;
    },
  };
}
