import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualPaymentComplete } from '@shared/payments/contracts';
import { answer, mockApi, offContract, routeOf, type Answer } from '@web/testing/api-mock';
import { completeManualPayment } from './manual-payment';

const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
const SYNC = routeOf(manualPaymentComplete);

function synced(next: string) {
  return { success: true, paid: true, message: 'Payment confirmed', caseId: CASE_ID, next };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('completeManualPayment', () => {
  it('POSTs the case id as JSON and follows an in-app next', async () => {
    const api = mockApi({ [SYNC]: () => answer(synced(`/visit/${CASE_ID}?from=pay`), 200) });

    await expect(completeManualPayment(CASE_ID)).resolves.toEqual({
      next: `/visit/${CASE_ID}?from=pay`,
    });
    const [url, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/manual-payment-complete');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ caseId: CASE_ID }));
    expect(init.credentials).toBe('include');
  });

  it.each<[string, Answer]>([
    // The first two are bodies of a broken server: the contract has neither.
    ['an answer of another shape', () => offContract(answer({ ok: true }, 200))],
    ['an unreadable answer', () => offContract(answer('<html>', 200))],
    ['an off-site next', () => answer(synced('https://evil.test/x'), 200)],
    ['a protocol-relative next', () => answer(synced('//evil.test/x'), 200)],
  ])('goes to the visit page for %s', async (_case, makeAnswer) => {
    mockApi({ [SYNC]: makeAnswer });
    await expect(completeManualPayment(CASE_ID)).resolves.toEqual({ next: `/visit/${CASE_ID}` });
  });

  it('rejects a non-OK answer', async () => {
    mockApi({ [SYNC]: () => answer({ message: 'nope' }, 409) });
    await expect(completeManualPayment(CASE_ID)).rejects.toThrow('409: {"message":"nope"}');
  });
});
