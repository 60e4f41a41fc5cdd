import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutesDoc } from './routes-doc';

describe('docs/routes.md', () => {
  it('matches the route manifest (regenerate with npx tsx scripts/routes-doc.ts)', () => {
    const doc = readFileSync(new URL('../docs/routes.md', import.meta.url), 'utf8');
    expect(doc).toBe(renderRoutesDoc());
  });
});
