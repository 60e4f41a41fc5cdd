import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

/**
 * The Chromium the browser tests start (e2e/browser.ts, docs/adr/0029-chromium-test-flags.md).
 * Its flags name Chromium features; were a Chromium update to rename them, every test page would
 * again bring renderers of Chrome's own address-bar UI, and their CPU, without any test failing.
 */
describe('the browser tests’ Chromium', () => {
  it('opens a page in a context of its own and starts none of Chrome’s own UI pages', async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser);
      await page.setContent('<h1>A test page</h1>');
      const cdp = await browser.newBrowserCDPSession();
      // An empty filter entry matches every kind of target, Chrome's own UI ones included.
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
      expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});
