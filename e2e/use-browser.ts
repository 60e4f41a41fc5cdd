import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

/**
 * The test file's (or the `describe`'s) browser: `launch`ed before its tests and closed after
 * them. The answer reads it, so call it in a test or a later hook. A module of its own: it
 * registers Vitest hooks, and e2e/browser.ts also serves scripts that run outside Vitest.
 */
export function useBrowser(launch: () => Promise<Browser> = launchBrowser): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: read it in a test.');
    return browser;
  };
}
