// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApplicationStatus } from '@shared/doctor-applications/contracts';
import { getDoctorsOnDuty } from '@shared/providers/contracts';
import {
  deferred,
  inTurn,
  json,
  mockApi,
  networkError,
  offContract,
  routeOf,
  type Answer,
} from '@web/testing/api-mock';
import { renderWithProviders, resetDom } from '@web/testing/render';
import LandingPage from './LandingPage';

// These tests count the application-status lookups; the wait promise's own read of
// the config is tested in features/payments/pay-only-when-seen.test.tsx.
vi.mock('@web/lib/config/use-wait-promise-minutes', () => ({
  useWaitPromiseMinutes: () => undefined,
}));

afterEach(() => {
  resetDom();
  vi.unstubAllGlobals();
});

const STATUS_URL = '/api/doctor-applications/status/';
const LOOKUP = routeOf(getApplicationStatus);

function approved(applicationId = 'K7QF-29XM') {
  return json({
    success: true,
    status: 'approved',
    applicationId,
    submittedAt: '2025-01-05T15:04:00.000Z',
    reviewedAt: '2025-01-07T09:30:00.000Z',
    message: 'Your application has been approved.',
  });
}

/**
 * The request mock with the test's answer to the status lookups; the doctors-on-duty line's own
 * calls (issue 28) are answered apart, and `lookups()` leaves them out.
 */
function answerLookups(lookup: Answer) {
  const api = mockApi({
    [routeOf(getDoctorsOnDuty)]: () => json({ onDuty: 1 }),
    [LOOKUP]: lookup,
  });
  return { fetch: api.fetch, lookups: () => api.calls(LOOKUP) };
}

function renderLanding() {
  renderWithProviders(<LandingPage />);
  const input = screen.getByLabelText('Application ID');
  const button = screen.getByRole('button', { name: 'Check Status' });
  return { input, button };
}

function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

function typeId(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('LandingPage', () => {
  it('shows the spec texts and links', () => {
    renderWithProviders(<LandingPage />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Get Healthcare Help Right Now',
    );
    for (const badge of ['Licensed Doctors', 'Quick Response', 'FREE Testing']) {
      expect(screen.getByText(badge)).toBeTruthy();
    }
    const links = {
      'Start TeleHealth Visit': '/patient-telehealth',
      'Provider Dashboard': '/provider-dashboard',
      'Apply to Join Network': '/provider/apply',
    };
    for (const [name, href] of Object.entries(links)) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    for (const heading of [
      'Healthcare Providers',
      'Check Your Application Status',
      'How It Works',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(screen.getByLabelText('Application ID').getAttribute('placeholder')).toBe(
      'APP-XXXX-XXXX',
    );
  });

  it('lists the three steps of How It Works in order', () => {
    renderWithProviders(<LandingPage />);
    const section = screen.getByRole('region', { name: 'How It Works' });
    const steps = within(section).getAllByRole('listitem');
    expect(
      steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Tell Us How You Feel', 'Pay $2.99 Safely', 'Talk to a Doctor']);
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('about 2 minutes'),
      expect.stringContaining('No hidden fees'),
      expect.stringContaining('home nurse visit'),
    ]);
  });

  it('advertises 24/7, HIPAA, the 15-minute video consultation and home nurse visits', () => {
    renderWithProviders(<LandingPage />);
    for (const text of [
      'Available 24/7',
      'HIPAA compliant',
      '15-minute video consultation',
      'Home nurse visit',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });
});

describe('application status check', () => {
  it('asks for an id and makes no call when the field is blank', async () => {
    const { lookups } = answerLookups(() => approved());
    const { input, button } = renderLanding();

    typeId(input, '   ');
    fireEvent.click(button);

    expect(await notifications().findByText('Please enter your application ID')).toBeTruthy();
    expect(
      notifications().getByText('Enter the application ID you received when applying'),
    ).toBeTruthy();
    expect(lookups()).toHaveLength(0);
    expect(document.activeElement).toBe(input);
  });

  it('shows a found application: toast, green status, dates and the e-mail note', async () => {
    const mock = answerLookups(() => approved());
    const { input } = renderLanding();

    typeId(input, '  APP-K7QF-29XM ');
    fireEvent.submit(input.closest('form')!);

    expect(await notifications().findByText('Application found')).toBeTruthy();
    expect(notifications().getByText('Status: approved')).toBeTruthy();
    expect(mock.fetch).toHaveBeenCalledWith(
      `${STATUS_URL}APP-K7QF-29XM`,
      expect.objectContaining({ credentials: 'include' }),
    );

    const result = await screen.findByTestId('application-status-result');
    expect(result.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(result).getByText('APP-K7QF-29XM')).toBeTruthy();
    const badge = within(result).getByText('approved');
    expect(badge.getAttribute('data-tone')).toBe('success');
    expect(badge.className).toContain('green');
    expect(within(result).getByText(/check your email for your login credentials/)).toBeTruthy();
    // Submitted and reviewed, in en-US.
    expect(within(result).getAllByText(/^January \d, 2025$/, { selector: 'dd' })).toHaveLength(2);
  });

  it.each([
    ['pending', 'warning', 'yellow'],
    ['rejected', 'danger', 'red'],
    ['under_review', 'danger', 'red'],
  ])('colours a %s application %s', async (status, tone, colour) => {
    answerLookups(() =>
      json({
        success: true,
        status,
        applicationId: '123',
        submittedAt: '2025-01-05T15:04:00.000Z',
        reviewedAt: null,
        message: 'A message from the server.',
      }),
    );
    const { input, button } = renderLanding();
    typeId(input, '123');
    fireEvent.click(button);

    const result = await screen.findByTestId('application-status-result');
    expect(result.getAttribute('data-tone')).toBe(tone);
    expect(within(result).getByText('APP-123')).toBeTruthy();
    expect(within(result).getByText('Not available')).toBeTruthy();
    expect(within(result).getByText('A message from the server.')).toBeTruthy();
    expect(within(result).queryByText(/login credentials/)).toBeNull();
    expect(within(result).getByText(status.replace('_', ' ')).className).toContain(colour);
  });

  it('clears the previous result when the next id is not found', async () => {
    answerLookups(
      inTurn(
        () => approved(),
        () => json({ success: false, message: 'Application not found' }, 404),
      ),
    );
    const { input, button } = renderLanding();

    typeId(input, 'APP-K7QF-29XM');
    fireEvent.click(button);
    await screen.findByTestId('application-status-result');

    typeId(input, 'APP-NOPE-0000');
    fireEvent.click(button);

    expect(await notifications().findByText('Application not found')).toBeTruthy();
    expect(
      notifications().getByText('Please check your application ID and try again'),
    ).toBeTruthy();
    expect(screen.queryByTestId('application-status-result')).toBeNull();
  });

  it('treats a 400 for a malformed id as not found', async () => {
    answerLookups(() =>
      json({ success: false, message: 'Please enter a valid application ID' }, 400),
    );
    const { input, button } = renderLanding();
    typeId(input, '../etc');
    fireEvent.click(button);
    expect(await notifications().findByText('Application not found')).toBeTruthy();
  });

  it('shows Error and clears the result when the network fails', async () => {
    answerLookups(inTurn(() => approved(), networkError));
    const { input, button } = renderLanding();

    typeId(input, 'APP-K7QF-29XM');
    fireEvent.click(button);
    await screen.findByTestId('application-status-result');
    fireEvent.click(button);

    expect(await notifications().findByText('Error')).toBeTruthy();
    expect(
      notifications().getByText('Unable to check application status. Please try again.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('application-status-result')).toBeNull();
  });

  it.each<[string, Answer]>([
    ['rate limited', () => json({ message: 'Too many requests' }, 429)],
    ['a server error', () => json({ message: 'Internal error' }, 500)],
    // A broken server's: the contract has no such answer.
    ['an unreadable answer', () => offContract(new Response('<html>oops</html>', { status: 200 }))],
  ])('shows Error when %s', async (_case, makeResponse) => {
    answerLookups(makeResponse);
    const { input, button } = renderLanding();
    typeId(input, '123');
    fireEvent.click(button);
    expect(await notifications().findByText('Error')).toBeTruthy();
  });

  it('reads "Checking..." and is disabled while the lookup runs', async () => {
    const answer = deferred<Response>();
    const { lookups } = answerLookups(() => answer.promise);
    const { input, button } = renderLanding();

    typeId(input, 'APP-K7QF-29XM');
    fireEvent.click(button);

    await waitFor(() => expect(button.textContent).toBe('Checking...'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(lookups()).toHaveLength(1);

    answer.resolve(approved());
    await waitFor(() => expect(button.textContent).toBe('Check Status'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByTestId('application-status-result')).toBeTruthy();
  });
});
