// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetDom, TestProviders } from '@web/testing/render';
import { getClientConfig } from '@shared/config/contracts';
import { createCheckoutSession, manualPaymentComplete } from '@shared/payments/contracts';
import {
  type ApiMock,
  json,
  mockApi,
  offContract,
  reply,
  routeOf,
  serverError,
} from '@web/testing/api-mock';
import { advance, installFakeClock, restoreClock } from '@web/testing/clock';
import { toasts } from '@web/testing/dom';
import { CASE_ID, TEST_CONFIG } from '@web/testing/fixtures';
import type { StripeEmbeddedCheckoutOptions } from '../types/stripe-js';
import CardPaymentPage from './CardPaymentPage';

const SECRET = 'cs_test_abc_secret_xyz';
const SESSION = { sessionId: 'cs_test_abc', clientSecret: SECRET, url: null };

function installStripe({ legacyOnly = false } = {}) {
  const checkout = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };
  let options: StripeEmbeddedCheckoutOptions | undefined;
  const create = vi.fn((given: StripeEmbeddedCheckoutOptions) => {
    options = given;
    return Promise.resolve(checkout);
  });
  const Stripe = vi.fn((_key: string) =>
    legacyOnly
      ? { initEmbeddedCheckout: create }
      : { initEmbeddedCheckout: vi.fn(), createEmbeddedCheckoutPage: create },
  );
  window.Stripe = Stripe;
  return {
    Stripe,
    create,
    checkout,
    options: () => {
      if (!options) throw new Error('Embedded checkout was not created');
      return options;
    },
  };
}

let api: ApiMock;

beforeEach(() => {
  installFakeClock();
  api = mockApi(
    {
      [routeOf(getClientConfig)]: () => reply(getClientConfig, TEST_CONFIG),
      [routeOf(createCheckoutSession)]: () => json(SESSION),
    },
    { unmatched: serverError },
  );
});

afterEach(() => {
  resetDom();
  delete window.Stripe;
  restoreClock();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/stripe-payment', element: <CardPaymentPage /> },
      { path: '/payment-choice', element: <h1>Choose Payment Method</h1> },
      { path: '/patient-telehealth', element: <h1>Get Healthcare Help</h1> },
      { path: '/visit/:caseId', element: <h1>Virtual Waiting Room</h1> },
    ],
    { initialEntries: [url] },
  );
}

const pageUrl = `/stripe-payment?case_id=${CASE_ID}`;

describe('CardPaymentPage', () => {
  it('without case_id shows the Missing Case ID toast and goes to /patient-telehealth', async () => {
    const { router } = renderAt('/stripe-payment');
    await advance();
    expect(router.state.location.pathname).toBe('/patient-telehealth');
    expect(toasts().getByText('Missing Case ID')).toBeTruthy();
    expect(toasts().getByText('Redirecting to form...')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the header, back link and payment summary while setting up', () => {
    installStripe();
    api.on(routeOf(getClientConfig), () => new Promise<Response>(() => undefined));
    renderAt(pageUrl);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Secure Payment');
    expect(screen.getByRole('status').textContent).toContain('Setting up payment...');
    expect(screen.getByRole('link', { name: /Back to payment options/ }).getAttribute('href')).toBe(
      `/payment-choice?case_id=${CASE_ID}`,
    );
    const summary = screen.getByRole('region', { name: 'Payment Summary' });
    for (const item of [
      '15-minute consultation',
      'Licensed provider',
      'HIPAA compliant',
      'Instant provider notification',
      'Total',
      '$2.99',
    ]) {
      expect(summary.textContent).toContain(item);
    }
  });

  it('mounts embedded checkout with the client secret from the API', async () => {
    const stripe = installStripe();
    renderAt(pageUrl);
    await advance();

    expect(api.calls(routeOf(createCheckoutSession)).map((call) => call.body)).toEqual([
      { caseId: CASE_ID, mode: 'embedded' },
    ]);
    expect(stripe.Stripe).toHaveBeenCalledWith(TEST_CONFIG.stripePublishableKey);
    expect(stripe.create).toHaveBeenCalledTimes(1);
    await expect(stripe.options().fetchClientSecret()).resolves.toBe(SECRET);
    expect(stripe.checkout.mount).toHaveBeenCalledWith(screen.getByTestId('embedded-checkout'));
    expect(screen.queryByText('Setting up payment...')).toBeNull();
  });

  it('creates one session and one checkout under StrictMode', async () => {
    const stripe = installStripe();
    const router = createMemoryRouter([{ path: '/stripe-payment', element: <CardPaymentPage /> }], {
      initialEntries: [pageUrl],
    });
    render(
      <StrictMode>
        <TestProviders toaster={null}>
          <RouterProvider router={router} />
        </TestProviders>
      </StrictMode>,
    );
    await advance();

    expect(api.calls(routeOf(createCheckoutSession))).toHaveLength(1);
    expect(stripe.create).toHaveBeenCalledTimes(1);
    expect(stripe.checkout.mount).toHaveBeenCalledTimes(1);
    expect(stripe.checkout.destroy).not.toHaveBeenCalled();
  });

  it('uses initEmbeddedCheckout when Stripe.js has no createEmbeddedCheckoutPage', async () => {
    const stripe = installStripe({ legacyOnly: true });
    renderAt(pageUrl);
    await advance();
    expect(stripe.create).toHaveBeenCalledTimes(1);
    expect(stripe.checkout.mount).toHaveBeenCalledTimes(1);
  });

  it('destroys the embedded checkout when the page is left', async () => {
    const stripe = installStripe();
    const { unmount } = renderAt(pageUrl);
    await advance();
    unmount();
    expect(stripe.checkout.destroy).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the checkout session call fails', () => json({ message: 'boom', error: 'boom' }, 500)],
    ['the session has no client secret', () => json({ ...SESSION, clientSecret: null })],
  ])('when %s: Payment Setup Failed toast and back to the choice page', async (_case, answer) => {
    const stripe = installStripe();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on(routeOf(createCheckoutSession), answer);
    const { router } = renderAt(pageUrl);
    await advance();

    expect(toasts().getByText('Payment Setup Failed')).toBeTruthy();
    expect(toasts().getByText('Unable to initialize payment. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment-choice');
    expect(router.state.location.search).toBe(`?case_id=${CASE_ID}`);
    expect(stripe.create).not.toHaveBeenCalled();
  });

  it('on completion marks the case paid and goes to the answer’s next page', async () => {
    const stripe = installStripe();
    api.on(routeOf(manualPaymentComplete), () =>
      json({
        success: true,
        paid: true,
        message: 'Payment confirmed',
        caseId: CASE_ID,
        next: `/visit/${CASE_ID}`,
      }),
    );
    const { router } = renderAt(pageUrl);
    await advance();

    stripe.options().onComplete?.();
    await advance();

    expect(api.calls(routeOf(manualPaymentComplete)).map((call) => call.body)).toEqual([
      { caseId: CASE_ID },
    ]);
    expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
  });

  it('defaults to /visit/{caseId} when the answer names no next page', async () => {
    const stripe = installStripe();
    // Not the contract's answer (a broken server's): the page must not read a next page from it.
    api.on(routeOf(manualPaymentComplete), () => offContract(json({ ok: true })));
    const { router } = renderAt(pageUrl);
    await advance();

    stripe.options().onComplete?.();
    await advance();
    expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
  });

  it('fails the same way when the runtime config cannot be read', async () => {
    installStripe();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on(routeOf(getClientConfig), () => json({ message: 'Internal error' }, 500));
    api.on(routeOf(createCheckoutSession), () => json({ message: 'boom' }, 500));
    const { router } = renderAt(pageUrl);
    await advance();

    expect(toasts().getByText('Payment Setup Failed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment-choice');
  });

  it('loads Stripe.js from the configured URL when it is not loaded yet', async () => {
    renderAt(pageUrl);
    await advance();
    const scripts = [...document.head.querySelectorAll('script')].filter(
      (script) => script.src === TEST_CONFIG.stripeJsUrl,
    );
    expect(scripts).toHaveLength(1);
    expect(screen.getByText('Setting up payment...')).toBeTruthy();

    const stripe = installStripe();
    scripts[0]!.dispatchEvent(new Event('load'));
    await advance();
    expect(stripe.checkout.mount).toHaveBeenCalledTimes(1);
    scripts[0]!.remove();
  });

  it('only logs a failed status update: no message, no navigation', async () => {
    const stripe = installStripe();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on(routeOf(manualPaymentComplete), () => json({ message: 'nope' }, 500));
    const { router } = renderAt(pageUrl);
    await advance();

    stripe.options().onComplete?.();
    await advance();

    expect(api.calls(routeOf(manualPaymentComplete))).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('Payment status update failed');
    expect(router.state.location.pathname).toBe('/stripe-payment');
    expect(toasts().queryByRole('listitem')).toBeNull();
  });
});
