import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the browser tests start in place of Chromium: it runs `CHROMIUM_PATH` (from its
 * environment) with Playwright's `--disable-features` list and the tests' merged into one.
 */
export const CHROMIUM_LAUNCHER = fileURLToPath(new URL('./chromium-launcher.sh', import.meta.url));

/**
 * The browser tests drive Debian's Chromium (no browser downloads here). When it is missing,
 * install it where we can (root with apt), otherwise stop with one line saying how.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with "sudo apt-get install -y chromium" and run again.`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
