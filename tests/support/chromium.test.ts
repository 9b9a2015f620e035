import { constants } from 'node:fs';
import { access, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findChromium } from './chromium';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'chromium-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(folder, { recursive: true, force: true });
});

describe('findChromium', () => {
  it('takes the browser PRONTU_CHROMIUM names, with our flags', async () => {
    const browser = path.join(folder, 'chrome');
    await writeFile(browser, '#!/bin/sh\n');
    await chmod(browser, 0o755);
    vi.stubEnv('PRONTU_CHROMIUM', browser);
    const build = await findChromium();
    expect(build.executablePath).toBe(browser);
    expect(build.origin).toBe(`PRONTU_CHROMIUM (${browser})`);
    expect(build.args).toEqual(expect.arrayContaining(['--headless', '--no-sandbox']));
  });

  it('refuses a PRONTU_CHROMIUM that is missing or not executable, instead of another browser', async () => {
    const notExecutable = path.join(folder, 'chrome');
    await writeFile(notExecutable, '');
    for (const browser of [notExecutable, path.join(folder, 'nada')]) {
      vi.stubEnv('PRONTU_CHROMIUM', browser);
      await expect(findChromium()).rejects.toThrow(`PRONTU_CHROMIUM=${browser}: no executable`);
    }
  });

  // The first time, the npm browser is unpacked: about 200 MB.
  it(
    "takes Debian's /usr/bin/chromium when it can run it, else the one from npm",
    { timeout: 120_000 },
    async () => {
      vi.stubEnv('PRONTU_CHROMIUM', '');
      const debian = await access('/usr/bin/chromium', constants.X_OK).then(
        () => true,
        () => false,
      );
      const build = await findChromium();
      if (debian) {
        expect(build.executablePath).toBe('/usr/bin/chromium');
      } else {
        expect(build.origin).toMatch(/^@sparticuz\/chromium \d+/);
        await access(build.executablePath, constants.X_OK);
        // Its Lambda-only flags are left out: one process, no same-origin rule.
        expect(build.args).not.toContain('--single-process');
        expect(build.args).not.toContain('--disable-web-security');
        expect(build.args).toEqual(expect.arrayContaining(['--no-sandbox', '--no-zygote']));
      }
    },
  );
});
