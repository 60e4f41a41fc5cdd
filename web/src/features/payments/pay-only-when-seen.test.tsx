// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCaseStatus } from '@shared/cases/contracts';
import { getClientConfig } from '@shared/config/contracts';
import { pathOf } from '@shared/http/contract';
import { moneyTexts } from '@shared/payments/money';
import { getPaymentVerification } from '@shared/patients/contracts';
import { type ApiMock, json, reply, serverError } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import {
  CASE_ID,
  caseStatusAnswer,
  PATIENT_ID,
  paymentVerificationAnswer,
  TEST_CONFIG,
} from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import PaymentChoicePage from './pages/PaymentChoicePage';
import PaymentProcessingPage from './pages/PaymentProcessingPage';
import PaymentSuccessPage from './pages/PaymentSuccessPage';

const STATUS = `GET ${pathOf(getCaseStatus, { caseId: CASE_ID })}`;
const VERIFY = `GET ${pathOf(getPaymentVerification, { patientId: PATIENT_ID })}`;

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/payment-choice', element: <PaymentChoicePage /> },
      { path: '/payment-processing', element: <PaymentProcessingPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/visit/:caseId', element: <h1>Virtual Waiting Room</h1> },
    ],
    { initialEntries: [url] },
  );
}

const PROMISE_45 =
  'If no doctor starts your consultation within 45 minutes, you will not be charged';

describe('the wait promise before paying (issue 28 item 3)', () => {
  it('the payment choice page states the server’s WAIT_PROMISE_MINUTES', async () => {
    api.on(getClientConfig, () =>
      reply(getClientConfig, { ...TEST_CONFIG, waitPromiseMinutes: 45 }),
    );
    renderAt(`/payment-choice?case_id=${CASE_ID}`);
    await advance();
    expect(screen.getByTestId('wait-promise').textContent).toBe(PROMISE_45);
  });

  it('promises nothing while the setting cannot be read (no number we are unsure of)', async () => {
    api.on(getClientConfig, serverError);
    renderAt(`/payment-choice?case_id=${CASE_ID}`);
    await advance(5000);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose Payment Method');
    expect(screen.queryByTestId('wait-promise')).toBeNull();
  });
});

describe('the money line (issue 28 item 2)', () => {
  it('the processing page says the card is authorized, in a polite live region', async () => {
    // Authorized but the page not yet moved on: the answer still awaits payment on its way.
    api.on(STATUS, () =>
      json(caseStatusAnswer('awaiting_payment', { money: { state: 'authorized' } })),
    );
    renderAt(`/payment-processing?case_id=${CASE_ID}`);
    await advance();
    const line = screen.getByTestId('money-line');
    expect(line.textContent).toBe(moneyTexts.authorized);
    expect(line.getAttribute('role')).toBe('status');
  });

  it('keeps an empty live region before any payment, so the first state is announced', async () => {
    api.on(STATUS, () => json(caseStatusAnswer('awaiting_payment', { money: null })));
    renderAt(`/payment-processing?case_id=${CASE_ID}`);
    await advance();
    expect(screen.getByTestId('money-line').textContent).toBe('');
  });

  it('the verification page says where the money stands and follows it', async () => {
    let state: 'authorized' | 'released' = 'authorized';
    api.on(VERIFY, () => json(paymentVerificationAnswer({ money: { state } })));
    renderAt(`/payment-success?patient_id=${PATIENT_ID}`);
    await advance();
    expect(screen.getByTestId('money-line').textContent).toBe(moneyTexts.authorized);
    state = 'released';
    // No socket in this test: the page's poll is the safety net the push shortens.
    await advance(5000);
    expect(screen.getByTestId('money-line').textContent).toBe(moneyTexts.released);
  });
});
