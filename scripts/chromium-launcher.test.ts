import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCHER } from './ensure-chromium';

/** A stand-in Chromium that prints the arguments it was started with, one per line. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'chromium-launcher-'));
const echoArgs = path.join(dir, 'chromium');
writeFileSync(echoArgs, '#!/bin/sh\nfor arg do printf "%s\\n" "$arg"; done\n');
chmodSync(echoArgs, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function launch(args: string[]): string[] {
  const output = execFileSync(CHROMIUM_LAUNCHER, args, {
    env: { ...process.env, CHROMIUM_PATH: echoArgs },
    encoding: 'utf8',
  });
  return output.split('\n').slice(0, -1);
}

describe('the browser tests’ Chromium launcher', () => {
  it('merges every --disable-features list into one, keeping the other arguments and their order', () => {
    expect(
      launch([
        '--disable-features=PaintHolding,MediaRouter',
        '--headless',
        '--user-data-dir=/tmp/a dir with spaces',
        '--disable-features=WebUIOmniboxPopup',
        '--remote-debugging-pipe',
      ]),
    ).toEqual([
      '--disable-features=PaintHolding,MediaRouter,WebUIOmniboxPopup',
      '--headless',
      '--user-data-dir=/tmp/a dir with spaces',
      '--remote-debugging-pipe',
    ]);
  });

  it('passes the arguments through unchanged when none disables a feature', () => {
    expect(launch(['--headless', '', '--no-sandbox'])).toEqual(['--headless', '', '--no-sandbox']);
  });
});
