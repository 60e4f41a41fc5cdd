import { describe, expect, it } from 'vitest';
import { subjectHashOf } from './rate-limit';

describe("a rate limit's subject", () => {
  it('is kept as a hash: stable, one per subject, never the value itself', () => {
    const hash = subjectHashOf('203.0.113.7');
    expect(hash).toBe(subjectHashOf('203.0.113.7'));
    expect(hash).not.toBe(subjectHashOf('203.0.113.8'));
    expect(hash).not.toContain('203.0.113.7');
    expect(hash).toMatch(/^[\w-]{32}$/);
  });
});
