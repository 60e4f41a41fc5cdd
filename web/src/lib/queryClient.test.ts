import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, queryClient } from './queryClient';

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('default query function', () => {
  it('GETs the first element of the query key with cookies and parses JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json([{ id: 'c1' }]));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();

    const data = await client.fetchQuery({ queryKey: ['/api/cases', { page: 2 }] });

    expect(data).toEqual([{ id: 'c1' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/cases');
    expect(init.credentials).toBe('include');
    expect(init.method).toBeUndefined();
  });

  it('throws on 401 by default', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('Unauthorized', { status: 401 })),
    );
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/cases'] })).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('resolves to null on 401 with on401: returnNull', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 401 })));
    const data = await createQueryClient().fetchQuery({
      queryKey: ['/api/admin/stats'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(data).toBeNull();
  });

  it('still throws other errors with on401: returnNull', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('', { status: 500, statusText: 'Server Error' })),
    );
    await expect(
      createQueryClient().fetchQuery({
        queryKey: ['/api/admin/stats'],
        queryFn: getQueryFn({ on401: 'returnNull' }),
      }),
    ).rejects.toThrow('500: Server Error');
  });

  it('rejects a query key that does not start with a URL', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await expect(createQueryClient().fetchQuery({ queryKey: [42] })).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('query client defaults', () => {
  it.each([
    ['the app client', queryClient],
    ['a fresh client', createQueryClient()],
  ])('%s never refetches, never goes stale and never retries', (_name, client: QueryClient) => {
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
      networkMode: 'always',
    });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('does not retry a failed query', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/cases'] })).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
