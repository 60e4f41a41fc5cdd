import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inLoopbackNamespace } from './loopback-namespace';

describe('the loopback-only network namespace', () => {
  it('runs a command that sees only loopback, up, and passes its arguments through', () => {
    const script = `const os = require('node:os');
      console.log(JSON.stringify([Object.keys(os.networkInterfaces()), process.argv.slice(1)]));`;
    const run = spawnSync(...inLoopbackNamespace([process.execPath, '-e', script, 'a b', '$0']), {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // A down interface has no address, so networkInterfaces() would not list `lo`.
    expect(JSON.parse(run.stdout)).toEqual([['lo'], ['a b', '$0']]);
  });
});
