import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_SYNTHS_DIR, keptSynth, keptSynthRoot, synthJobIn } from './kept-synths';

const dir = mkdtempSync(path.join(tmpdir(), 'kept-synths-test-'));

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

function ended(name: string, code: number | null): void {
  const job = synthJobIn(path.join(dir, name));
  mkdirSync(path.dirname(job.endedFile), { recursive: true });
  writeFileSync(job.endedFile, JSON.stringify({ code, output: 'synth output' }));
}

describe('the synths npm test keeps for a later suite', () => {
  it('are none when npm test keeps none: each suite synthesizes for itself', () => {
    vi.stubEnv(KEPT_SYNTHS_DIR, '');
    ended('samLocal', 0);
    expect(keptSynthRoot('samLocal')).toBeUndefined();
    expect(keptSynth('samLocal')).toBeUndefined();
  });

  it('answer a synth that ended well, with its run', () => {
    vi.stubEnv(KEPT_SYNTHS_DIR, dir);
    ended('samLocal', 0);
    expect(keptSynth('samLocal')).toEqual({
      ...synthJobIn(path.join(dir, 'samLocal')),
      run: { code: 0, output: 'synth output' },
    });
  });

  it('answer none for a synth that failed or has not ended', () => {
    vi.stubEnv(KEPT_SYNTHS_DIR, dir);
    ended('prod', 1);
    expect(keptSynth('prod')).toBeUndefined();
    expect(keptSynth('samLocal')).toBeUndefined();
  });
});
