// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCaseStatus } from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { moneyTexts, type MoneyState } from '@shared/payments/money';
import { type ApiMock, json } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { CASE_ID, caseStatusAnswer } from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import VisitPage from './VisitPage';

const STATUS = `GET ${pathOf(getCaseStatus, { caseId: CASE_ID })}`;

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

function renderVisit() {
  return renderRoutes(
    [
      { path: '/visit/:caseId', element: <VisitPage /> },
      { path: '/payment-choice', element: <h1>Choose Payment Method</h1> },
      { path: '/feedback/:caseId', element: <h1>How Was Your Consultation?</h1> },
    ],
    { initialEntries: [`/visit/${CASE_ID}`] },
  );
}

const lapsed = () =>
  caseStatusAnswer('awaiting_payment', {
    money: { state: 'released' },
    waitPromise: { minutes: 30, endsAt: null, lapsedAt: '2025-01-05T15:34:00.000Z' },
  });

describe('the visit page’s money line (issue 28 item 2)', () => {
  it.each([
    ['paid', 'authorized'],
    ['cancelled', 'released'],
    ['expired', 'released'],
  ] as const)('a %s case reads “%s”', async (status, state: MoneyState) => {
    api.on(STATUS, () => json(caseStatusAnswer(status, { money: { state } })));
    renderVisit();
    await advance();
    const line = screen.getByTestId('money-line');
    expect(line.textContent).toBe(moneyTexts[state]);
    expect(line.getAttribute('aria-live')).toBe('polite');
  });

  it('changes when the answer does: authorized, then charged', async () => {
    let state: MoneyState = 'authorized';
    api.on(STATUS, () => json(caseStatusAnswer('in_call', { money: { state } })));
    renderVisit();
    await advance();
    expect(screen.getByTestId('money-line').textContent).toBe(moneyTexts.authorized);
    state = 'charged';
    await advance(5000);
    expect(screen.getByTestId('money-line').textContent).toBe('Charged $2.99');
  });
});

describe('the lapsed wait promise on the visit page (issue 28 item 3)', () => {
  it('says no doctor started in W minutes, that the card was not charged, and offers Keep waiting', async () => {
    api.on(STATUS, () => json(lapsed()));
    const { router } = renderVisit();
    await advance();
    const notice = screen.getByRole('region', {
      name: 'No doctor started your consultation within 30 minutes.',
    });
    expect(notice.textContent).toContain(moneyTexts.released);
    expect(screen.queryByTestId('visit-status-label')).toBeNull();
    expect(screen.queryByRole('button', { name: /Join Video Call/ })).toBeNull();

    const keepWaiting = screen.getByRole('link', { name: 'Keep waiting' });
    expect(keepWaiting.getAttribute('href')).toBe(`/payment-choice?case_id=${CASE_ID}`);
    expect(keepWaiting.getAttribute('aria-describedby')).toBe('keep-waiting-description');
    keepWaiting.click();
    await advance();
    expect(router.state.location.pathname).toBe('/payment-choice');
  });

  it('shows no lapsed notice for a case awaiting its first payment', async () => {
    api.on(STATUS, () => json(caseStatusAnswer('awaiting_payment')));
    renderVisit();
    await advance();
    expect(screen.queryByTestId('wait-promise-lapsed')).toBeNull();
    expect(screen.getByTestId('visit-status-label')).toBeTruthy();
  });

  it('leaves the notice once the case is authorized again', async () => {
    let answer = lapsed();
    api.on(STATUS, () => json(answer));
    renderVisit();
    await advance();
    expect(screen.getByTestId('wait-promise-lapsed')).toBeTruthy();
    answer = caseStatusAnswer('paid', {
      money: { state: 'authorized' },
      waitPromise: { minutes: 30, endsAt: '2025-01-05T16:10:00.000Z', lapsedAt: null },
    });
    await advance(5000);
    expect(screen.queryByTestId('wait-promise-lapsed')).toBeNull();
    expect(screen.getByTestId('money-line').textContent).toBe(moneyTexts.authorized);
  });
});
