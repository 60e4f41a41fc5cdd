import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { e2eCallFiles, isE2eProject } from './e2e-lanes';

describe('the end-to-end lanes', () => {
  const fixtures = mkdtempSync(path.join(os.tmpdir(), 'e2e-lanes-'));
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  it('puts a file that imports the call helpers in the calls lane, and nothing else', () => {
    const files = {
      'a-call.e2e.test.ts': "import { launchCallBrowser } from './call';\n",
      'b-call.e2e.test.ts': 'import {\n  countdownTarget,\n} from "./call";\n',
      'page.e2e.test.ts': "import { launchBrowser } from './browser';\n",
      'call-rig.e2e.test.ts': "import { startNetworkCallRig } from './network/call-rig';\n",
      'call.ts': "export const helper = 'no test file';\n",
      'notes.ts': "import { launchCallBrowser } from './call';\n",
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(fixtures, name), text);
    }
    expect(e2eCallFiles(fixtures)).toEqual([
      path.join(fixtures, 'a-call.e2e.test.ts'),
      path.join(fixtures, 'b-call.e2e.test.ts'),
    ]);
  });

  it("finds this repository's call files, and leaves its page files to the other lane", () => {
    const calls = e2eCallFiles('e2e').map((file) => path.basename(file));
    // Each of these holds a call between two pages (or relays one through coturn).
    expect(calls).toEqual(
      expect.arrayContaining([
        'call-network.e2e.test.ts',
        'consultation.e2e.test.ts',
        'pay-only-when-seen.e2e.test.ts',
        'turn-allocations.e2e.test.ts',
      ]),
    );
    const all = readdirSync('e2e').filter((name) => name.endsWith('.e2e.test.ts'));
    expect(all).toEqual(
      expect.arrayContaining(['landing.e2e.test.ts', 'provider-admin.e2e.test.ts']),
    );
    expect(calls).not.toContain('landing.e2e.test.ts');
    expect(calls).not.toContain('provider-admin.e2e.test.ts');
  });

  it('knows both projects, and only them', () => {
    expect(isE2eProject('e2e-pages')).toBe(true);
    expect(isE2eProject('e2e-calls')).toBe(true);
    expect(isE2eProject('integration')).toBe(false);
    expect(isE2eProject('e2e')).toBe(false);
  });
});
