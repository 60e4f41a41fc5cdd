import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimCase } from '#local/testing/consultation-journey';
import { createCaseA, newPaidCaseId, payForCase } from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import * as caseContracts from '@shared/cases/contracts';
import type { CaseListResponse, ProviderCaseSummary } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();

let provider: SignedInProvider;
/** A word only this file's case says, so a search finds exactly that case on the shared stack. */
const word = `zebrapox${randomUUID().slice(0, 8)}`;
let caseId: string;

const listPath = (query: Record<string, string>) =>
  `${pathOf(caseContracts.listCases, {})}?${new URLSearchParams(query).toString()}`;

async function listPage(query: Record<string, string>): Promise<CaseListResponse> {
  const response = await providerFetch(stack, provider, listPath(query));
  expect(response.status).toBe(200);
  return (await response.json()) as CaseListResponse;
}

/** Every case a query answers, following `nextCursor` to the list's end. */
async function everyCase(query: Record<string, string>): Promise<ProviderCaseSummary[]> {
  const cases: ProviderCaseSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: CaseListResponse = await listPage({ ...query, ...(cursor ? { cursor } : {}) });
    expect(page.cases.length).toBeLessThanOrEqual(Number(query.limit ?? 25));
    cases.push(...page.cases);
    cursor = page.nextCursor;
  } while (cursor);
  return cases;
}

beforeAll(async () => {
  provider = await signInProvider(stack);
  const created = await createCaseA(stack, {
    name: 'Ada Patient',
    triageSummary: `Itchy ${word.toUpperCase()} spots on both arms`,
    email: 'ada@example.org',
  });
  caseId = ((await created.json()) as { caseId: string }).caseId;
  await payForCase(stack, caseId);
  // Three cases paid after it: newest first, it is past the first page of two.
  await Promise.all([newPaidCaseId(stack), newPaidCaseId(stack), newPaidCaseId(stack)]);
});

describe('GET /api/cases?search=&status= over the whole list (issue 27 item 6)', () => {
  it('finds a case beyond the first page by symptoms, its short id and its whole id', async () => {
    const firstPage = await listPage({ view: 'all', limit: '2' });
    expect(firstPage.cases.map((c) => c.id)).not.toContain(caseId);
    expect(firstPage.nextCursor).not.toBeNull();

    const bySymptoms = await everyCase({ view: 'all', limit: '2', search: word });
    expect(bySymptoms.map((c) => c.id)).toEqual([caseId]);
    const byShortId = await everyCase({ view: 'all', limit: '2', search: caseId.slice(0, 8) });
    expect(byShortId.map((c) => c.id)).toContain(caseId);
    expect(byShortId.every((c) => c.id.startsWith(caseId.slice(0, 8)))).toBe(true);
    const byId = await listPage({ view: 'available', search: caseId.toUpperCase() });
    expect(byId.cases.map((c) => c.id)).toEqual([caseId]);
    expect(byId.nextCursor).toBeNull();
  });

  it('filters by status over the whole list, with and without a search', async () => {
    expect(
      (await everyCase({ view: 'all', status: 'paid', search: word })).map((c) => c.id),
    ).toEqual([caseId]);
    await claimCase(stack, provider, caseId);
    expect(await everyCase({ view: 'all', status: 'paid', search: word })).toEqual([]);
    expect(await everyCase({ view: 'available', search: word })).toEqual([]);
    const claimed = await everyCase({ view: 'all', limit: '10', status: 'claimed' });
    expect(claimed.map((c) => c.id)).toContain(caseId);
    expect(claimed.every((c) => c.status === 'claimed')).toBe(true);
    const mine = await everyCase({ view: 'mine', search: word.toUpperCase() });
    expect(mine).toMatchObject([{ id: caseId, status: 'claimed', claimedByMe: true }]);
  });

  it('refuses a search longer than a card summary and an unknown status with a 400 that says why', async () => {
    for (const [query, message] of [
      [{ search: 'x'.repeat(121) }, 'Search must be at most 120 characters'],
      [{ status: 'expired' }, 'Status must be one of paid, claimed, in_call, completed'],
    ] as const) {
      const response = await providerFetch(stack, provider, listPath(query));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });
});
