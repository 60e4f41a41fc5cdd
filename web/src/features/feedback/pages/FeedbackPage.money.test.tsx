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
import FeedbackPage from './FeedbackPage';

const STATUS = `GET ${pathOf(getCaseStatus, { caseId: CASE_ID })}`;

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

describe('the feedback page’s money line (issue 28 item 2)', () => {
  it('says the fee was charged once the capture that follows the call is recorded', async () => {
    // The visit page comes here the moment the call completes, before the capture is recorded.
    let state: MoneyState = 'authorized';
    api.on(STATUS, () => json(caseStatusAnswer('completed', { money: { state } })));
    renderRoutes([{ path: '/feedback/:caseId', element: <FeedbackPage /> }], {
      initialEntries: [`/feedback/${CASE_ID}`],
    });
    await advance();
    expect(screen.getByTestId('money-line').textContent).toBe(moneyTexts.authorized);
    state = 'charged';
    await advance(5000);
    expect(screen.getByTestId('money-line').textContent).toBe('Charged $2.99');
  });
});
