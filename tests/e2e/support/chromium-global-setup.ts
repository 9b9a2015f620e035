/**
 * Vitest global setup of the e2e project: finds the browser once (tests/support/chromium.ts),
 * starts it to say which one runs, and hands it to the test files.
 */
import type { TestProject } from 'vitest/node';
import { findChromium, launchChromium, type ChromiumBuild } from '../../support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: ChromiumBuild;
  }
}

export default async function setUpChromium(project: TestProject): Promise<void> {
  const build = await findChromium();
  const browser = await launchChromium(build);
  try {
    console.log(`${project.name}: Chromium ${browser.version()} from ${build.origin}`);
  } finally {
    await browser.close();
  }
  project.provide('chromium', build);
}
