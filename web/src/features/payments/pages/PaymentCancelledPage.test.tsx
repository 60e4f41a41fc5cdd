// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import { advance } from '@web/testing/clock';
import { CASE_ID, TEST_CONFIG } from '@web/testing/fixtures';
import PaymentCancelledPage from './PaymentCancelledPage';

setupPatientPageTests();

function renderAt(url: string) {
  return renderRoutes([{ path: '/payment-cancelled', element: <PaymentCancelledPage /> }], {
    initialEntries: [url],
  });
}

function href(name: string | RegExp) {
  return screen.getByRole('link', { name }).getAttribute('href');
}

describe('PaymentCancelledPage', () => {
  it('with a case: nothing charged, case kept 24 hours, Try Payment Again', async () => {
    renderAt(`/payment-cancelled?case_id=${CASE_ID}`);
    await advance();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Cancelled');
    expect(document.title).toBe('Payment Cancelled | TeleHealth');
    expect(screen.getByText(/no charge was made/)).toBeTruthy();
    expect(screen.getByText(/available for 24 hours/)).toBeTruthy();
    expect(href('Try Payment Again')).toBe(`/payment-choice?case_id=${CASE_ID}`);
    expect(href('Start New Request')).toBe('/patient-telehealth');
    expect(href('Return to Home')).toBe('/');
  });

  it('without a case: no Try Payment Again', async () => {
    renderAt('/payment-cancelled');
    await advance();
    expect(screen.queryByRole('link', { name: 'Try Payment Again' })).toBeNull();
    expect(screen.queryByText(/available for 24 hours/)).toBeNull();
    expect(href('Start New Request')).toBe('/patient-telehealth');
  });

  it('lists reasons, solutions, support, billing and the emergency line', async () => {
    renderAt('/payment-cancelled');
    await advance();

    expect(screen.getByRole('region', { name: 'Possible Reasons' })).toBeTruthy();
    const solutions = screen.getByRole('region', { name: 'Common Solutions' }).textContent;
    for (const title of ['Card declined', 'Slow payment', 'Other methods']) {
      expect(solutions).toContain(title);
    }
    // The second version's actions (spec doc 1 §2).
    const reasons = within(screen.getByRole('region', { name: 'Possible Reasons' }));
    expect(reasons.getByRole('link', { name: 'Start Over' }).getAttribute('href')).toBe(
      '/patient-telehealth',
    );
    expect(reasons.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      `mailto:${TEST_CONFIG.supportEmail}`,
    );
    expect(href('Call 911 for emergencies')).toBe('tel:911');
    const help = screen.getByRole('region', { name: 'Need Help?' }).textContent;
    expect(help).toContain('Payment issues:');
    expect(help).toContain('Technical problems:');
    expect(help).toContain(`Billing contact: ${TEST_CONFIG.supportEmail}`);
  });
});
