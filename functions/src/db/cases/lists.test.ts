import { describe, expect, it } from 'vitest';
import { paidCaseRecord } from '#testing/cases';
import { casePageOf, type ListedCase } from './lists';

/**
 * The page cut of a case list read newest first (pure: no DynamoDB). What DynamoDB answers for
 * these reads is tested against DynamoDB Local in features/cases/case-list.int.test.ts.
 */

/** Five listed cases, newest first, as a Query of a list answers them. */
const listed: ListedCase[] = [5, 4, 3, 2, 1].map((minute) => {
  const paidAt = `2026-11-25T12:0${minute}:00.000Z`;
  const record = paidCaseRecord(paidAt, { triageSummary: `case ${minute}` });
  return { record, sortKey: `${paidAt}#${record.id}` };
});
const summaries = (page: { cases: { triageSummary: string }[] }) =>
  page.cases.map((c) => c.triageSummary);

describe('casePageOf', () => {
  it('has a cursor at its last case only when one more case than the page was read', () => {
    const page = casePageOf(listed.slice(0, 3), 2);
    expect(summaries(page)).toEqual(['case 5', 'case 4']);
    expect(page.lastSortKey).toBe(listed[1]!.sortKey);
    expect(casePageOf(listed.slice(0, 2), 2).lastSortKey).toBeNull();
  });

  it('starts after the cursor, the cases older than it', () => {
    const page = casePageOf(listed, 2, listed[1]!.sortKey);
    expect(summaries(page)).toEqual(['case 3', 'case 2']);
    expect(page.lastSortKey).toBe(listed[3]!.sortKey);
    const last = casePageOf(listed, 2, page.lastSortKey!);
    expect(summaries(last)).toEqual(['case 1']);
    expect(last.lastSortKey).toBeNull();
  });

  it('has a cursor when DynamoDB cut its answer short, however few cases it holds', () => {
    const page = casePageOf(listed.slice(0, 1), 2, undefined, true);
    expect(summaries(page)).toEqual(['case 5']);
    expect(page.lastSortKey).toBe(listed[0]!.sortKey);
  });
});
