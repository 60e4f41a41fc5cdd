// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import { getCaseStatus } from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { type ApiMock, json } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { toasts } from '@web/testing/dom';
import { CASE_ID, caseStatusAnswer, TEST_CONFIG } from '@web/testing/fixtures';
import type { CaseStatus } from '@shared/cases/status';
import PaymentProcessingPage from './PaymentProcessingPage';

const STATUS = `GET ${pathOf(getCaseStatus, { caseId: CASE_ID })}`;

/** The processing page reads the status only; no meeting yet. */
const caseStatus = (status: CaseStatus) => caseStatusAnswer(status, { meeting: null });

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/payment-processing', element: <PaymentProcessingPage /> },
      { path: '/patient', element: <h1>Patient Request</h1> },
      { path: '/visit/:caseId', element: <h1>Virtual Waiting Room</h1> },
    ],
    { initialEntries: [url] },
  );
}

const url = `/payment-processing?case_id=${CASE_ID}`;

function expectInvalidRequest() {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Invalid Request');
  expect(screen.getByText('Missing case information')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Start New Request' }).getAttribute('href')).toBe(
    '/patient-telehealth',
  );
}

describe('PaymentProcessingPage', () => {
  it('without case_id shows the Missing Case ID toast and goes to /patient', async () => {
    const { router } = renderAt('/payment-processing');
    await advance();
    expect(router.state.location.pathname).toBe('/patient');
    expect(toasts().getByText('Missing Case ID')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the case, its payment state and the four steps while waiting', async () => {
    api.on(STATUS, () => json(caseStatus('awaiting_payment')));
    renderAt(url);
    await advance();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Processing Payment');
    expect(document.title).toBe('Processing Payment | TeleHealth');
    expect(screen.getByText(CASE_ID)).toBeTruthy();
    expect(screen.getByText('Awaiting payment confirmation')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText(/usually takes 10 to 30 seconds/)).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Progress' }).querySelectorAll('li');
    expect([...steps].map((step) => step.textContent?.split(':')[0])).toEqual([
      'Payment verification',
      'Meeting creation',
      'Provider notification',
      'Provider assignment',
    ]);
    expect(steps[0]!.getAttribute('data-state')).toBe('current');
    expect(screen.getByRole('link', { name: TEST_CONFIG.supportEmail }).getAttribute('href')).toBe(
      `mailto:${TEST_CONFIG.supportEmail}`,
    );
  });

  it('polls every 2 seconds and opens the visit page once the case is paid', async () => {
    api.on(STATUS, (_init, call) => json(caseStatus(call < 2 ? 'awaiting_payment' : 'paid')));
    const { router } = renderAt(url);
    await advance();
    expect(api.calls(STATUS)).toHaveLength(1);

    await advance(2000);
    expect(api.calls(STATUS)).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/payment-processing');

    await advance(2000);
    expect(api.calls(STATUS)).toHaveLength(3);
    expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
  });

  it.each(['claimed', 'in_call', 'completed'] as const)(
    'also moves on when the case is already %s',
    async (status) => {
      api.on(STATUS, () => json(caseStatus(status)));
      const { router } = renderAt(url);
      await advance();
      expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
    },
  );

  it.each([
    ['expired', { status: 'pending' }, 'Request Expired', /is being refunded in full/],
    ['expired', { status: 'failed' }, 'Request Expired', /could not refund .* contact support/],
    ['cancelled', null, 'Request Cancelled', /was cancelled/],
  ] as const)(
    'says when the case is %s (refund %o) instead of opening the visit page',
    async (status, refund, title, text) => {
      api.on(STATUS, (_init, call) =>
        json(
          call === 0
            ? caseStatus('awaiting_payment')
            : caseStatusAnswer(status, { meeting: null, refund }),
        ),
      );
      const { router } = renderAt(url);
      await advance();
      expect(screen.getByText('Awaiting payment confirmation')).toBeTruthy();

      await advance(2000);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(document.title).toBe(`${title} | TeleHealth`);
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Start New Request' }).getAttribute('href')).toBe(
        '/patient-telehealth',
      );
      expect(router.state.location.pathname).toBe('/payment-processing');
    },
  );

  it('says an expired case was not charged: its authorization released, no refund line', async () => {
    api.on(STATUS, () =>
      json(
        caseStatusAnswer('expired', { meeting: null, refund: null, money: { state: 'released' } }),
      ),
    );
    renderAt(url);
    await advance();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Request Expired');
    expect(screen.getByTestId('money-line').textContent).toBe(
      'Not charged – the authorization was released',
    );
    expect(screen.queryByText(/refund/)).toBeNull();
  });

  it('retries a failed status request, as spec doc 1 §7 sets for this screen', async () => {
    api.on(STATUS, (_init, call) =>
      call < 2 ? json({ message: 'Internal error' }, 500) : json(caseStatus('awaiting_payment')),
    );
    renderAt(url);
    await advance();
    expect(api.calls(STATUS)).toHaveLength(1);
    await advance(1000);
    expect(api.calls(STATUS)).toHaveLength(2);
    await advance(1000);
    expect(api.calls(STATUS)).toHaveLength(3);
    expect(screen.getByText('Awaiting payment confirmation')).toBeTruthy();
  });

  it('keeps polling through transient failures', async () => {
    api.on(STATUS, (_init, call) => {
      if (call === 0) throw new TypeError('Failed to fetch');
      if (call < 4) return json({ message: 'Service unavailable' }, 503);
      return json(caseStatus('paid'));
    });
    const { router } = renderAt(url);
    await advance();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Processing Payment');

    await advance(2000);
    expect(screen.getByText(/having trouble checking your payment/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment-processing');

    await advance(6000);
    expect(api.calls(STATUS).length).toBeGreaterThanOrEqual(5);
    expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
  });

  it('shows Invalid Request for an unknown case and stops polling', async () => {
    api.on(STATUS, () => json({ message: 'Case not found' }, 404));
    renderAt(url);
    await advance();
    expectInvalidRequest();
    expect(document.title).toBe('Invalid Request | TeleHealth');

    await advance(10_000);
    expect(api.calls(STATUS)).toHaveLength(1);
  });

  it('shows Invalid Request for a malformed case id without calling the API', async () => {
    renderAt('/payment-processing?case_id=c1');
    await advance();
    expectInvalidRequest();
    expect(api.calls(`GET ${pathOf(getCaseStatus, { caseId: 'c1' })}`)).toHaveLength(0);
  });
});
