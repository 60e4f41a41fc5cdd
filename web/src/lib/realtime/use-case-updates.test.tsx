// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCaseStatus } from '@shared/cases/contracts';
import { PUSHED_PAGE_POLL_MS } from '@shared/realtime/api';
import { createCaseRealtimeTicket } from '@shared/realtime/contracts';
import { type ApiMock, json, reply, routeOf } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { CASE_ID, caseStatusAnswer } from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderWithProviders } from '@web/testing/render';
import { caseStatusQueryKey, useCaseStatus, VISIT_POLL_MS } from '@web/lib/case-status';
import { pollInterval, subscribeToCase } from './case-updates';
import { useCaseUpdates } from './use-case-updates';

const STATUS = routeOf(getCaseStatus);
const TICKET = routeOf(createCaseRealtimeTicket);
const OTHER_CASE = '0b7e5a4c-1d2f-4e3a-8b9c-7d6e5f4a3b2c';

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

let tickets = 0;
beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  tickets = 0;
  api.on(STATUS, () => json(caseStatusAnswer('paid')));
  api.on(TICKET, () =>
    reply(createCaseRealtimeTicket, {
      ticket: `ticket-${(tickets += 1)}`,
      expiresAt: '2025-01-05T15:05:00.000Z',
    }),
  );
});

/** A page as the visit page is built: the status query at the interval the hook allows. */
function WaitingPage({ caseId = CASE_ID }: { caseId?: string }) {
  const pushed = useCaseUpdates(caseId, caseStatusQueryKey(caseId));
  const query = useCaseStatus(caseId, { pollMs: pollInterval(VISIT_POLL_MS, pushed) });
  return (
    <p>
      {pushed ? 'pushed' : 'polling'} {query.data?.status}
    </p>
  );
}

const statusCalls = () => api.calls(STATUS).length;

describe('pollInterval', () => {
  it("is the spec's interval while no socket is open, 30 s while one is", () => {
    expect(pollInterval(1000, false)).toBe(1000);
    expect(pollInterval(2000, false)).toBe(2000);
    expect(pollInterval(5000, false)).toBe(5000);
    expect(pollInterval(30_000, false)).toBe(30_000);
    for (const spec of [1000, 2000, 5000, 30_000]) {
      expect(pollInterval(spec, true)).toBe(PUSHED_PAGE_POLL_MS);
    }
    expect(PUSHED_PAGE_POLL_MS).toBe(30_000);
  });
});

describe('useCaseUpdates', () => {
  it("polls at the spec's rate until the socket opens, then every 30 s", async () => {
    renderWithProviders(<WaitingPage />);
    await advance();
    expect(api.calls(TICKET).map((call) => call.params)).toEqual([{ caseId: CASE_ID }]);
    const socket = FakeWebSocket.latest!;
    expect(socket.url).toBe(`ws://localhost:3000/ws?ticket=ticket-1`);
    expect(statusCalls()).toBe(1);
    await advance(VISIT_POLL_MS);
    expect(statusCalls()).toBe(2);
    expect(screen.getByText(/polling/)).toBeTruthy();

    // Open: one refetch at once (a change may have come before the socket), then only every 30 s.
    socket.serverOpen();
    await advance();
    expect(screen.getByText(/pushed/)).toBeTruthy();
    expect(statusCalls()).toBe(3);
    await advance(PUSHED_PAGE_POLL_MS - 10);
    expect(statusCalls()).toBe(3);
    await advance(10);
    expect(statusCalls()).toBe(4);
  });

  it('refetches at once on CASE_UPDATED of its case, and not for another case or a PONG', async () => {
    renderWithProviders(<WaitingPage />);
    await advance();
    FakeWebSocket.latest!.serverOpen();
    await advance();
    const before = statusCalls();

    api.on(STATUS, () => json(caseStatusAnswer('in_call')));
    FakeWebSocket.latest!.serverSend({ type: 'CASE_UPDATED', caseId: OTHER_CASE, status: 'paid' });
    FakeWebSocket.latest!.serverSend({ type: 'PONG' });
    await advance();
    expect(statusCalls()).toBe(before);

    FakeWebSocket.latest!.serverSend({ type: 'CASE_UPDATED', caseId: CASE_ID, status: 'in_call' });
    await advance();
    expect(statusCalls()).toBe(before + 1);
    expect(screen.getByText(/in_call/)).toBeTruthy();
  });

  it("goes back to the spec's interval when the socket drops, and reconnects with a new ticket", async () => {
    renderWithProviders(<WaitingPage />);
    await advance();
    FakeWebSocket.latest!.serverOpen();
    await advance();
    FakeWebSocket.latest!.serverClose();
    await advance();
    expect(screen.getByText(/polling/)).toBeTruthy();
    const dropped = statusCalls();
    await advance(VISIT_POLL_MS);
    expect(statusCalls()).toBe(dropped + 1);

    // The reconnect (1 s backoff, long past) asked for a fresh ticket and opened a new socket.
    expect(tickets).toBe(2);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest!.serverOpen();
    await advance();
    expect(screen.getByText(/pushed/)).toBeTruthy();
  });

  it('does not poll while the tab is hidden, and refetches when it becomes visible', async () => {
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    try {
      renderWithProviders(<WaitingPage />);
      await advance();
      setVisibility('hidden');
      await advance(VISIT_POLL_MS * 4);
      expect(statusCalls()).toBe(1);
      setVisibility('visible');
      await advance();
      expect(statusCalls()).toBe(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('asks its listeners to refetch at once when the tab is shown again, even with the socket open', async () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeToCase(CASE_ID, { onChange, onOpenChange: vi.fn() });
    try {
      await advance();
      FakeWebSocket.latest!.serverOpen();
      expect(onChange).toHaveBeenCalledTimes(1);
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(onChange).toHaveBeenCalledTimes(1);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(onChange).toHaveBeenCalledTimes(2);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      unsubscribe();
    }
  });

  it('does not ask again for a ticket of an unknown case', async () => {
    api.on(TICKET, () => json({ message: 'Case not found' }, 404));
    renderWithProviders(<WaitingPage />);
    await advance();
    await advance(120_000);
    expect(api.calls(TICKET)).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(screen.getByText(/polling/)).toBeTruthy();
  });

  it('shares one socket per case between listeners, closed with the last of them', async () => {
    const first = subscribeToCase(CASE_ID, { onChange: vi.fn(), onOpenChange: vi.fn() });
    const onChange = vi.fn();
    const second = subscribeToCase(CASE_ID, { onChange, onOpenChange: vi.fn() });
    await advance();
    expect(api.calls(TICKET)).toHaveLength(1);
    const socket = FakeWebSocket.latest!;
    socket.serverOpen();
    socket.serverSend({ type: 'CASE_UPDATED', caseId: CASE_ID });
    // Once for the open, once for the update.
    expect(onChange).toHaveBeenCalledTimes(2);
    first();
    expect(socket.closedByPage).toBe(false);
    second();
    expect(socket.closedByPage).toBe(true);
  });
});
