// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, resetDom } from '@web/testing/render';
import { advance, installFakeClock, restoreClock } from '@web/testing/clock';
import { toasts } from '@web/testing/dom';
import { CASE_ID } from '@web/testing/fixtures';
import PaymentChoicePage from './PaymentChoicePage';

beforeEach(() => {
  installFakeClock();
});

afterEach(() => {
  resetDom();
  restoreClock();
});

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/payment-choice', element: <PaymentChoicePage /> },
      { path: '/patient', element: <h1>Patient Request</h1> },
    ],
    { initialEntries: [url] },
  );
}

describe('PaymentChoicePage', () => {
  it('without case_id shows the Missing Case ID toast and goes to /patient', async () => {
    const { router } = renderAt('/payment-choice');
    await advance();
    expect(router.state.location.pathname).toBe('/patient');
    expect(toasts().getByText('Missing Case ID')).toBeTruthy();
    expect(toasts().getByText('Redirecting to form...')).toBeTruthy();
  });

  it('offers card payment for the case and mobile money as Coming Soon', async () => {
    renderAt(`/payment-choice?case_id=${CASE_ID}`);
    await advance();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose Payment Method');
    expect(document.title).toBe('Choose Payment Method | TeleHealth');
    expect(screen.getByRole('link', { name: /Pay \$2\.99 with Card/ }).getAttribute('href')).toBe(
      `/stripe-payment?case_id=${CASE_ID}`,
    );
    const mobileMoney = screen.getByRole('button', { name: /Mobile Money/ });
    expect((mobileMoney as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.getByText(/MTN, Vodafone and AirtelTigo/)).toBeTruthy();
  });

  it('lists the package, the price and the next steps', async () => {
    renderAt(`/payment-choice?case_id=${CASE_ID}`);
    await advance();

    for (const item of [
      '15-minute video consultation',
      'Licensed provider',
      'HIPAA-compliant platform',
      'Instant provider notification',
    ]) {
      expect(screen.getByText(item)).toBeTruthy();
    }
    expect(screen.getByText('$2.99')).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'What Happens Next' });
    expect(steps.querySelectorAll('li')).toHaveLength(4);
  });
});
