import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { claimCase, getCaseDetails, listCaseAttachments, listCases } from '@shared/cases/contracts';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { providerLogout, providerMe } from '@shared/providers/contracts';
import { createRealtimeTicket } from '@shared/realtime/contracts';
import { json, mockApi, noContent, reply, routeOf, type Answer } from '@web/testing/api-mock';
import { installDialogPolyfill } from '@web/testing/dom';
import { resetDom } from '@web/testing/render';
import { CURRENT_PROVIDER_KEY, PROVIDER_AUTH_KEY } from '../api/session';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { PROVIDER, page } from './provider-fixtures';

/** What start-timer answers (DESIGN.md §7): the server's clock of the call. */
export const TIMER_STARTED = {
  success: true,
  meetingId: '3f1c2b4a-5d6e-4f70-8a91-b2c3d4e5f601',
  startedAt: '2026-11-25T10:00:00.000Z',
  endsAt: '2026-11-25T10:15:00.000Z',
  serverTime: '2026-11-25T10:00:00.000Z',
} as const;

/**
 * The provider API for page tests: a signed-in provider, empty lists, a ticket; `overrides`
 * replace answers by route. Unknown routes answer 404, as the server does.
 */
export function mockProviderApi(overrides: Record<string, Answer> = {}) {
  return mockApi(
    {
      [routeOf(providerMe)]: () => reply(providerMe, PROVIDER),
      [routeOf(providerLogout)]: noContent,
      [routeOf(listCases)]: () => reply(listCases, page([])),
      [routeOf(createRealtimeTicket)]: () =>
        reply(createRealtimeTicket, { ticket: 'ticket-1', expiresAt: '2026-11-25T10:00:30Z' }),
      [routeOf(getCaseDetails)]: () => json({ message: 'Case not found' }, 404),
      [routeOf(listCaseAttachments)]: () => reply(listCaseAttachments, []),
      [routeOf(claimCase)]: () => json({ message: 'Not Found' }, 404),
      [routeOf(startMeetingTimer)]: () => reply(startMeetingTimer, TIMER_STARTED),
      ...overrides,
    },
    { unmatched: () => json({ message: 'Not Found' }, 404) },
  );
}

/** Stores the display values a signed-in provider leaves in the browser. */
export function storeProviderSession(provider: { id: string; name: string } = PROVIDER): void {
  localStorage.setItem(PROVIDER_AUTH_KEY, 'true');
  localStorage.setItem(CURRENT_PROVIDER_KEY, JSON.stringify(provider));
}

/** Hooks of the page tests: clean storage, a fake WebSocket, a clean page and fetch after. */
export function providerPageHooks(): void {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    resetDom();
    vi.unstubAllGlobals();
  });
}
