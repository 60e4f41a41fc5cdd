// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCaseWait } from '@shared/cases/contracts';
import type { CaseWaitResponse } from '@shared/cases/queue-wait';
import { createCaseRealtimeTicket } from '@shared/realtime/contracts';
import { type ApiMock, reply, routeOf, serverError } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { CASE_ID, PATIENT_KEY } from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderWithProviders } from '@web/testing/render';
import { QUEUE_PLACE_MESSAGES, QueuePlace } from './QueuePlaceCard';

const WAIT = routeOf(getCaseWait);
const TICKET = routeOf(createCaseRealtimeTicket);
const OTHER_CASE = '0b7e5a4c-1d2f-4e3a-8b9c-7d6e5f4a3b2c';

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

const waitAnswer = (overrides: Partial<CaseWaitResponse> = {}): CaseWaitResponse => ({
  place: 2,
  aheadInQueue: 1,
  doctorsOnDuty: 1,
  estimate: { lowMinutes: 10, highMinutes: 28 },
  waitPromiseMinutes: 30,
  ...overrides,
});

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  api.on(TICKET, () =>
    reply(createCaseRealtimeTicket, { ticket: 't', expiresAt: '2025-01-05T15:05:00.000Z' }),
  );
});

const waitCalls = () => api.calls(WAIT).length;
const liveRegion = () => screen.getByTestId('queue-place');

describe('the waiting room’s place in the queue (issue 28 item 5)', () => {
  it('shows the place and the estimate in a polite live region, asked with the patient key', async () => {
    api.on(WAIT, () => reply(getCaseWait, waitAnswer()));
    renderWithProviders(<QueuePlace caseId={CASE_ID} />);
    expect(screen.getByRole('status').textContent).toContain(QUEUE_PLACE_MESSAGES.loading);
    await advance();
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(liveRegion().textContent).toBe(
      'You are number 2 in the queue' + 'Estimated wait: 10–28 minutes',
    );
    expect(api.calls(WAIT)[0]?.headers['X-Patient-Key']).toBe(PATIENT_KEY);
  });

  it('says plainly that nobody is on duty, and what the wait promise is', async () => {
    api.on(WAIT, () =>
      reply(getCaseWait, waitAnswer({ doctorsOnDuty: 0, estimate: null, waitPromiseMinutes: 45 })),
    );
    renderWithProviders(<QueuePlace caseId={CASE_ID} />);
    await advance();
    expect(liveRegion().textContent).toBe(
      'You are number 2 in the queue' +
        'No doctors are on duty right now' +
        'If no doctor starts your consultation within 45 minutes, you will not be charged',
    );
  });

  it('shows the place a QUEUE_MOVED of its case carries, without a request; not another case’s', async () => {
    api.on(WAIT, () => reply(getCaseWait, waitAnswer()));
    renderWithProviders(<QueuePlace caseId={CASE_ID} />);
    await advance();
    FakeWebSocket.latest!.serverOpen();
    await advance();
    const before = waitCalls();

    const moved = waitAnswer({
      place: 1,
      aheadInQueue: 0,
      estimate: { lowMinutes: 0, highMinutes: 11 },
    });
    FakeWebSocket.latest!.serverSend({ type: 'QUEUE_MOVED', caseId: OTHER_CASE, wait: moved });
    await advance();
    expect(liveRegion().textContent).toContain('You are number 2 in the queue');

    FakeWebSocket.latest!.serverSend({ type: 'QUEUE_MOVED', caseId: CASE_ID, wait: moved });
    await advance();
    expect(liveRegion().textContent).toBe(
      'You are number 1 in the queue' + 'Estimated wait: 0–11 minutes',
    );
    expect(waitCalls()).toBe(before);

    // Its own case's change is a refetch (it may no longer wait).
    FakeWebSocket.latest!.serverSend({ type: 'CASE_UPDATED', caseId: CASE_ID, status: 'paid' });
    await advance();
    expect(waitCalls()).toBe(before + 1);
  });

  it('shows nothing once the case no longer waits, and an error it keeps trying after', async () => {
    api.on(WAIT, () => reply(getCaseWait, waitAnswer({ place: null, estimate: null })));
    const { unmount } = renderWithProviders(<QueuePlace caseId={CASE_ID} />);
    await advance();
    expect(screen.queryByTestId('queue-place')).toBeNull();
    unmount();

    api.on(WAIT, serverError);
    renderWithProviders(<QueuePlace caseId={CASE_ID} />);
    await advance();
    expect(screen.getByRole('alert').textContent).toContain(QUEUE_PLACE_MESSAGES.failed);
  });
});
