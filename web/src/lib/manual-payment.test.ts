import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeManualPayment } from './manual-payment';

const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';

function answer(body: unknown, status = 200) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function synced(next: string) {
  return { success: true, paid: true, message: 'Payment confirmed', caseId: CASE_ID, next };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('completeManualPayment', () => {
  it('POSTs the case id as JSON and follows an in-app next', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(synced(`/visit/${CASE_ID}?from=pay`)));
    vi.stubGlobal('fetch', fetchMock);

    await expect(completeManualPayment(CASE_ID)).resolves.toEqual({
      next: `/visit/${CASE_ID}?from=pay`,
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/manual-payment-complete');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ caseId: CASE_ID }));
    expect(init.credentials).toBe('include');
  });

  it.each([
    ['an answer of another shape', { ok: true }],
    ['an unreadable answer', '<html>'],
    ['an off-site next', synced('https://evil.test/x')],
    ['a protocol-relative next', synced('//evil.test/x')],
  ])('goes to the visit page for %s', async (_case, body) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(body)));
    await expect(completeManualPayment(CASE_ID)).resolves.toEqual({ next: `/visit/${CASE_ID}` });
  });

  it('rejects a non-OK answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer({ message: 'nope' }, 409)));
    await expect(completeManualPayment(CASE_ID)).rejects.toThrow('409: {"message":"nope"}');
  });
});
