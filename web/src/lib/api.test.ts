import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimCase, listCases } from '@shared/cases/contracts';
import type { ClaimCaseResponse } from '@shared/cases/provider-case';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { json, mockApi, reply, routeOf } from '@web/testing/api-mock';
import { ApiError, send, throwIfResNotOk } from './api';

const CASE_ID = '6f1c2a36-3a55-4b8e-9d2e-0f6b1c7a9e11';

/** What a won claim answers; `send` hands the response back unread. */
const claimed: ClaimCaseResponse = {
  success: true,
  case: {
    id: CASE_ID,
    status: 'claimed',
    requestType: 'telemedicine',
    triageSummary: 'Mild cough for three days',
    priority: 'ROUTINE',
    createdAt: '2026-11-25T10:00:00.000Z',
    paidAt: '2026-11-25T10:01:00.000Z',
    claimedAt: '2026-11-25T10:02:00.000Z',
    endedAt: null,
    claimedBy: 'p1',
    claimedByMe: true,
    claimExpiresAt: '2026-11-25T10:12:00.000Z',
    myClaimLapsed: false,
    patientPresence: null,
    nurseVisit: null,
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('passes OK responses without reading the body', async () => {
    const res = new Response('{"ok":true}', { status: 200 });
    await expect(throwIfResNotOk(res)).resolves.toBeUndefined();
    expect(res.bodyUsed).toBe(false);
  });

  it('throws "{status}: {body text}"', async () => {
    const error = await throwIfResNotOk(new Response('body', { status: 404 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: body');
    expect((error as ApiError).status).toBe(404);
  });

  it('uses the status text when the body is empty', async () => {
    await expect(
      throwIfResNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toMatchObject({ message: '503: Service Unavailable', status: 503 });
  });
});

describe('send', () => {
  it('sends JSON with its content type and cookies', async () => {
    const api = mockApi({ [routeOf(claimCase)]: () => reply(claimCase, claimed) });

    const res = await send(claimCase, { body: { caseId: CASE_ID, providerId: 'p1' } });

    expect(res.status).toBe(200);
    expect(api.fetch).toHaveBeenCalledWith('/api/cases/claim', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ caseId: CASE_ID, providerId: 'p1' }),
      credentials: 'include',
    });
  });

  it('keeps the JSON content type on a state-changing call without a body', async () => {
    const api = mockApi({
      [routeOf(startMeetingTimer)]: () =>
        reply(startMeetingTimer, {
          success: true,
          meetingId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601',
          startedAt: '2026-11-25T10:00:00.000Z',
          endsAt: '2026-11-25T10:15:00.000Z',
          serverTime: '2026-11-25T10:00:00.000Z',
        }),
    });

    await send(startMeetingTimer, { params: { caseId: 'c1' } });

    const init = api.fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('sends a GET without a body or content type', async () => {
    const api = mockApi({
      [routeOf(listCases)]: () =>
        reply(listCases, {
          cases: [],
          counts: { available: 0, myActive: 0, completed: 0, total: 0 },
          nextCursor: null,
        }),
    });

    await send(listCases);

    const init = api.fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toEqual({ Accept: 'application/json' });
    expect(init.credentials).toBe('include');
  });

  it('rejects a non-OK answer with the spec message', async () => {
    mockApi({ [routeOf(claimCase)]: () => json({ message: 'Case already claimed' }, 409) });
    await expect(
      send(claimCase, { body: { caseId: CASE_ID, providerId: 'provider-1' } }),
    ).rejects.toThrow('409: {"message":"Case already claimed"}');
  });
});
