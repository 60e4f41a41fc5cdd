import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM_LAUNCHER } from '../../scripts/ensure-chromium';
import { launchCallBrowser } from '../call';
import type { Home } from './test-network';

/**
 * A call browser (fake camera and microphone) inside a home of the test network: Playwright
 * starts a wrapper that enters the home's namespace and execs the Chromium launcher, and drives
 * it over the inherited pipe, so control does not cross the network under test. `appOrigin` is the
 * app's public origin, plain http on a non-local address: Chromium is told to treat it as
 * secure, as the https site is in production (camera, wake lock and crypto need that).
 */
export async function launchHomeBrowser(home: Home, appOrigin: string): Promise<Browser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `telehealth-${home.name}-chromium-`));
  const wrapper = path.join(dir, 'chromium');
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec ip netns exec '${home.namespace}' '${CHROMIUM_LAUNCHER}' "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  try {
    const browser = await launchCallBrowser({
      home: {
        executablePath: wrapper,
        args: [`--unsafely-treat-insecure-origin-as-secure=${appOrigin}`],
      },
    });
    browser.once('disconnected', () => rmSync(dir, { recursive: true, force: true }));
    return browser;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
