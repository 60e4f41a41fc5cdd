import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { balancedPart, expectedSeconds, longestFirst, readTestDurations } from './test-durations';

const root = path.resolve(import.meta.dirname, '../..');

describe('expectedSeconds', () => {
  it("takes a file's recorded time, and the median of the project's for a file not recorded", () => {
    const expected = expectedSeconds(['a', 'b', 'new'], { a: 10, b: 2, c: 4 });
    expect([...expected]).toEqual([
      ['a', 10],
      ['b', 2],
      ['new', 4],
    ]);
  });

  it('counts every file alike without a record', () => {
    expect([...expectedSeconds(['a', 'b'])]).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
  });
});

describe('longestFirst', () => {
  it('orders by expected time, equal ones by path', () => {
    const expected = new Map([
      ['b', 5],
      ['a', 5],
      ['c', 30],
      ['d', 1],
    ]);
    expect(longestFirst(['d', 'b', 'a', 'c'], expected)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('balancedPart', () => {
  // The end-to-end pages as measured on 30 November 2026: Vitest's hash put journey and push
  // into one part (229 s of 358).
  const pages = new Map([
    ['journey', 109.8],
    ['dashboard', 51.1],
    ['push', 41],
    ['admin', 33.2],
    ['on-duty', 31],
    ['no-show', 24.1],
    ['landing', 18.7],
    ['patient-pages', 15.5],
    ['prerendered', 10.1],
    ['wait', 7],
    ['triage', 6.4],
    ['heic', 5.9],
    ['closed', 3.3],
    ['weight', 0.1],
  ]);
  const files = [...pages.keys()];
  const seconds = (part: string[]) => part.reduce((sum, file) => sum + pages.get(file)!, 0);

  it('splits every file into exactly one part', () => {
    const parts = [1, 2, 3].map((index) => balancedPart(files, pages, index, 3));
    expect(parts.flat().sort()).toEqual([...files].sort());
  });

  it('makes parts of about equal expected time', () => {
    const [first, second] = [1, 2].map((index) => seconds(balancedPart(files, pages, index, 2)));
    expect(Math.abs(first! - second!)).toBeLessThan(10);
  });

  it('gives the same parts whatever order the files come in', () => {
    const reversed = [...files].reverse();
    expect(balancedPart(reversed, pages, 1, 2)).toEqual(balancedPart(files, pages, 1, 2));
  });
});

describe('test-durations.json', () => {
  it('names only test files that exist (else: npm run test:durations after a full npm test)', () => {
    const recorded = readTestDurations(root);
    const files = Object.values(recorded).flatMap((project) => Object.keys(project));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
