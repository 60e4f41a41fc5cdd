import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimCase, listCases } from '@shared/cases/contracts';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { ApiError, send, throwIfResNotOk } from './api';

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
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    const res = await send(claimCase, { body: { caseId: 'c1', providerId: 'p1' } });

    expect(res.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledWith('/api/cases/claim', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ caseId: 'c1', providerId: 'p1' }),
      credentials: 'include',
    });
  });

  it('keeps the JSON content type on a state-changing call without a body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    await send(startMeetingTimer, { params: { caseId: 'c1' } });

    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('sends a GET without a body or content type', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await send(listCases);

    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toEqual({ Accept: 'application/json' });
    expect(init.credentials).toBe('include');
  });

  it('rejects a non-OK answer with the spec message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(new Response('{"message":"Case already claimed"}', { status: 409 })),
    );
    await expect(
      send(claimCase, {
        body: { caseId: '6f1c2a36-3a55-4b8e-9d2e-0f6b1c7a9e11', providerId: 'provider-1' },
      }),
    ).rejects.toThrow('409: {"message":"Case already claimed"}');
  });
});
