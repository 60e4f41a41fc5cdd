import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryClient } from './queryClient';

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
    expect(queries?.queryFn).toBeUndefined();
    expect(mutations).toMatchObject({ retry: false, networkMode: 'always' });
  });

  it('does not retry a failed query', async () => {
    const queryFn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(
      createQueryClient().fetchQuery({ queryKey: ['provider-cases'], queryFn }),
    ).rejects.toThrow('down');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('refuses a query that names no query function', async () => {
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/cases'] })).rejects.toThrow(
      /queryFn/,
    );
  });
});
