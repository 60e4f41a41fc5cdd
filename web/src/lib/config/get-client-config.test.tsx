// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/queryClient';
import { SupportEmailLink } from '@web/components/config/SupportEmailLink';
import { getClientConfig as getClientConfigRoute } from '@shared/config/contracts';
import { json, mockApi, offContract, routeOf } from '@web/testing/api-mock';
import { CLIENT_CONFIG_QUERY_KEY } from './client-config-key';
import { getClientConfig, useClientConfig } from './get-client-config';
import { useTriageRegion } from './use-triage-region';

const CONFIG = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://127.0.0.1:12111/v3/stripe.js',
  supportEmail: 'support@telehealth.test',
  triageRegion: 'sub-saharan',
  waitPromiseMinutes: 30,
};

const CONFIG_ROUTE = routeOf(getClientConfigRoute);

/** The config route answers `body`. */
function answerConfig(body: unknown) {
  return mockApi({ [CONFIG_ROUTE]: () => json(body) });
}

/** What a server of another version might answer: not this client's contract. */
function answerOffContract(body: unknown) {
  return mockApi({ [CONFIG_ROUTE]: () => offContract(json(body)) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('getClientConfig', () => {
  it('GETs /api/config with cookies and validates the answer', async () => {
    const api = answerConfig(CONFIG);
    await expect(getClientConfig()).resolves.toEqual(CONFIG);
    const [url, init] = api.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/config');
    expect(init.credentials).toBe('include');
  });

  it('rejects an incomplete answer', async () => {
    answerOffContract({ supportEmail: 'x@y.z' });
    await expect(getClientConfig()).rejects.toThrow();
  });

  it('rejects a triage region the analyser does not know', async () => {
    const unknown = { ...CONFIG, triageRegion: 'sahara' };
    answerOffContract(unknown);
    await expect(getClientConfig()).rejects.toThrow();
  });
});

describe('useClientConfig', () => {
  it('fetches once and keeps the answer for every reader', async () => {
    const api = answerConfig(CONFIG);
    const Wrapper = wrapper();
    const first = renderHook(() => useClientConfig(), { wrapper: Wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(CONFIG));
    first.unmount();

    const second = renderHook(() => useClientConfig(), { wrapper: Wrapper });
    expect(second.result.current.data).toEqual(CONFIG);
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('useTriageRegion', () => {
  it('reads the region from the config answer, without the contract (no zod as the intake mounts)', async () => {
    expect(CLIENT_CONFIG_QUERY_KEY).toEqual([getClientConfigRoute.path]);
    const api = answerConfig(CONFIG);
    const region = renderHook(() => useTriageRegion(), { wrapper: wrapper() });
    expect(region.result.current).toBeUndefined();
    await waitFor(() => expect(region.result.current).toBe('sub-saharan'));
    expect(api.fetch.mock.calls[0]![0]).toBe('/api/config');
  });

  it('keeps the default region for a region the analyser does not know', async () => {
    const api = answerOffContract({ ...CONFIG, triageRegion: 'sahara' });
    const region = renderHook(() => useTriageRegion(), { wrapper: wrapper() });
    await waitFor(() => expect(api.fetch).toHaveBeenCalled());
    await waitFor(() => expect(region.result.current).toBeUndefined());
  });
});

describe('SupportEmailLink', () => {
  it('shows the fallback until the address is known, then a mailto link', async () => {
    answerConfig(CONFIG);
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <p>
          Write to <SupportEmailLink />
        </p>
      </Wrapper>,
    );
    expect(screen.getByText('Write to our support team')).toBeTruthy();
    const link = await screen.findByRole('link', { name: CONFIG.supportEmail });
    expect(link.getAttribute('href')).toBe(`mailto:${CONFIG.supportEmail}`);
  });
});
