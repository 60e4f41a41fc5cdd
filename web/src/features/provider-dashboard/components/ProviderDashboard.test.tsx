// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { claimMessages, providerCaseMessages } from '@shared/cases/provider-case';
import {
  claimCase,
  getCaseDetails,
  listCaseAttachments,
  listCases,
  recordNurseVisit,
} from '@shared/cases/contracts';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { startRuleMessages } from '@shared/meetings/start-rule';
import { providerLogout } from '@shared/providers/contracts';
import { json, never, reply, routeOf } from '@web/testing/api-mock';
import { fill, toasts } from '@web/testing/dom';
import { PROVIDER_AUTH_KEY } from '../api/session';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { mockProviderApi, providerPageHooks, storeProviderSession } from '../testing/provider-api';
import {
  attachment,
  caseSummary,
  COUNTS,
  detailsOf,
  mine,
  page,
  PROVIDER,
} from '../testing/provider-fixtures';
import { renderProviderPage } from '../testing/render-provider';
import { blockedRoomTexts } from './BlockedRoomNotice';

providerPageHooks();

async function openDashboard(overrides: Parameters<typeof mockProviderApi>[0] = {}) {
  const api = mockProviderApi(overrides);
  storeProviderSession();
  renderProviderPage();
  // The dashboard's chunk is a real dynamic import: on a loaded machine longer than 1 s.
  await screen.findByRole('heading', { name: `Welcome, ${PROVIDER.name}` }, { timeout: 5000 });
  return api;
}

/** Lists answered by view. */
function lists(byView: Record<string, ReturnType<typeof page>>) {
  return {
    [routeOf(listCases)]: (request: { url: URL }) =>
      reply(listCases, byView[request.url.searchParams.get('view') ?? 'all'] ?? page([])),
  };
}

function card(shortId: string) {
  const heading = screen.getByRole('heading', { name: `#${shortId}` });
  return within(heading.closest('[data-case-id]') as HTMLElement);
}

describe('ProviderDashboard: header and counters', () => {
  it('shows the date, the four counters from the server and the alerts indicator', async () => {
    await openDashboard();
    expect(screen.getByText(/\w+day, \w+ \d+, \d{4}/)).toBeTruthy();
    const counter = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await waitFor(() => expect(counter('Available Cases')).toBe(String(COUNTS.available)));
    expect(counter('My Active Cases')).toBe(String(COUNTS.myActive));
    expect(counter('Completed Cases')).toBe(String(COUNTS.completed));
    expect(counter('Total Cases')).toBe(String(COUNTS.total));

    expect(screen.getByText('Offline')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.latest?.url).toMatch(/\/ws\?ticket=ticket-1$/));
    act(() => FakeWebSocket.latest!.serverOpen());
    expect(screen.getByText('Live Alerts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('signs out on the server, clears the stored values and says so', async () => {
    const api = await openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await toasts().findByText('Signed Out')).toBeTruthy();
    expect(toasts().getByText('You have been successfully signed out')).toBeTruthy();
    expect(localStorage.getItem(PROVIDER_AUTH_KEY)).toBeNull();
    // The sign-in form is a chunk of its own (issue 29): it commits once loaded, and the
    // dashboard's effects (its socket) are cleaned up after that commit, not within it.
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeTruthy();
    expect(api.calls(providerLogout)).toHaveLength(1);
    await waitFor(() => expect(FakeWebSocket.latest?.closedByPage).toBe(true));
  });

  it('stays signed in when sign-out fails', async () => {
    await openDashboard({ [routeOf(providerLogout)]: () => json({ message: 'down' }, 503) });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await toasts().findByText('Sign Out Error')).toBeTruthy();
    expect(toasts().getByText('There was an issue signing out. Please try again.')).toBeTruthy();
    expect(localStorage.getItem(PROVIDER_AUTH_KEY)).toBe('true');
  });
});

describe('ProviderDashboard: lists', () => {
  it("shows an emergency case's stored priority on its card (issue 27)", async () => {
    const emergency = caseSummary({
      triageSummary: "Crushing chest pain, can't breathe",
      priority: 'EMERGENCY',
    });
    await openDashboard(lists({ available: page([emergency]) }));
    const id = emergency.id.slice(0, 8);
    await screen.findByRole('heading', { name: `#${id}` });
    expect(card(id).getByText('EMERGENCY')).toBeTruthy();
  });

  it('shows cards with the short id, URGENT or ROUTINE and the summary cut at 120 (80 in All)', async () => {
    const long = `Urgent: ${'chest pain '.repeat(20)}`;
    const urgent = caseSummary({ triageSummary: long });
    const routine = caseSummary({ triageSummary: 'Mild rash' });
    await openDashboard(lists({ available: page([urgent, routine]), all: page([urgent]) }));
    const first = urgent.id.slice(0, 8);
    await screen.findByRole('heading', { name: `#${first}` });
    expect(card(first).getByText('URGENT')).toBeTruthy();
    expect(card(first).getByText('Ready for Care')).toBeTruthy();
    expect(card(first).getByText(`${long.slice(0, 120)}...`)).toBeTruthy();
    expect(card(routine.id.slice(0, 8)).getByText('ROUTINE')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(card(first).getByText(`${long.slice(0, 80)}...`)).toBeTruthy());
  });

  it("labels another provider's case 'Claimed' and mine 'Ready to Start', and says when my claim lapsed", async () => {
    const other = caseSummary({ status: 'claimed', claimedBy: 'prov-0002' });
    const own = mine();
    const lapsed = caseSummary({ myClaimLapsed: true });
    await openDashboard(lists({ available: page([lapsed]), all: page([other, own]) }));
    expect(await screen.findByText(/Claim lapsed: the meeting did not start in time/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await screen.findByRole('heading', { name: `#${other.id.slice(0, 8)}` });
    expect(card(other.id.slice(0, 8)).getByText('Claimed')).toBeTruthy();
    expect(card(other.id.slice(0, 8)).queryByRole('button')).toBeNull();
    expect(card(own.id.slice(0, 8)).getByText('Ready to Start')).toBeTruthy();
    expect(card(own.id.slice(0, 8)).getByRole('button', { name: /^Start Call/ })).toBeTruthy();
  });

  it('sends the search (once typing pauses) and the status to the server, and shows what it answers', async () => {
    const cough = caseSummary({ triageSummary: 'Dry cough' });
    const rash = caseSummary({ triageSummary: 'Itchy rash' });
    const api = await openDashboard({
      [routeOf(listCases)]: ({ url }) => {
        const search = url.searchParams.get('search');
        const status = url.searchParams.get('status');
        if (status === 'completed') return reply(listCases, page([]));
        if (search === 'RASH') return reply(listCases, page([rash]));
        return reply(listCases, page(search === null ? [cough, rash] : []));
      },
    });
    await screen.findByRole('heading', { name: `#${cough.id.slice(0, 8)}` });
    const sent = () => api.calls(listCases).map((call) => call.url.search);

    fill('Search cases', 'R');
    fill('Search cases', ' RASH ');
    expect(await screen.findByText('Loading cases...')).toBeTruthy();
    await screen.findByRole('heading', { name: `#${rash.id.slice(0, 8)}` });
    expect(screen.queryByRole('heading', { name: `#${cough.id.slice(0, 8)}` })).toBeNull();
    expect(sent()).toContain('?view=available&search=RASH&limit=25');
    // Typing is debounced: the half-typed 'R' is never sent.
    expect(sent().some((search) => search.includes('search=R&'))).toBe(false);

    fill('Search cases', '');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    expect(await screen.findByText('No cases match your search.')).toBeTruthy();
    expect(sent()).toContain('?view=available&status=completed&limit=25');
    // The empty state is announced: the list changed without a page of its own.
    expect(screen.getByRole('status').textContent).toContain('No cases match your search.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('all');
    expect(screen.getByLabelText<HTMLInputElement>('Search cases').maxLength).toBe(120);
  });

  it("says 'Failed to fetch cases' when the search cannot be answered, the filters still there", async () => {
    await openDashboard({
      [routeOf(listCases)]: ({ url }) =>
        url.searchParams.has('search')
          ? json({ message: 'down' }, 503)
          : reply(listCases, page([caseSummary()])),
    });
    await screen.findByRole('heading', { level: 3 });
    fill('Search cases', 'cough');
    expect(await screen.findByText('Failed to fetch cases')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search cases').value).toBe('cough');
  });

  it("offers 'Check for new cases' on an empty list, which asks the server again", async () => {
    const api = await openDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Check for new cases' }));
    await waitFor(() => expect(api.calls(listCases).length).toBeGreaterThanOrEqual(2));
  });

  it("says 'Failed to fetch cases' when the list cannot be read", async () => {
    await openDashboard({ [routeOf(listCases)]: () => json({ message: 'down' }, 503) });
    expect(await screen.findByText('Failed to fetch cases')).toBeTruthy();
  });

  it('reads the next page on Load more, and keeps the cards when that read fails', async () => {
    const first = caseSummary({ id: 'aaaaaaaa-0000-4000-8000-000000000001' });
    const second = caseSummary({ id: 'bbbbbbbb-0000-4000-8000-000000000002' });
    let nextPageReads = 0;
    const api = await openDashboard({
      [routeOf(listCases)]: ({ url }) => {
        if (url.searchParams.get('cursor') !== 'next') {
          return reply(listCases, page([first], { nextCursor: 'next' }));
        }
        nextPageReads += 1;
        return nextPageReads === 1
          ? json({ message: 'down' }, 503)
          : reply(listCases, page([second]));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to fetch cases')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '#aaaaaaaa' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: '#bbbbbbbb' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch cases')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      api.calls(listCases).filter((c) => c.url.searchParams.get('cursor') === 'next'),
    ).toHaveLength(2);
  });

  it('reads on under the same search with Load more when the server has searched only the newest cases', async () => {
    const recent = caseSummary({ id: 'aaaaaaaa-0000-4000-8000-000000000001' });
    const older = caseSummary({ id: 'bbbbbbbb-0000-4000-8000-000000000002' });
    const api = await openDashboard({
      [routeOf(listCases)]: ({ url }) => {
        if (!url.searchParams.has('search')) return reply(listCases, page([recent]));
        return url.searchParams.get('cursor') === 'next'
          ? reply(listCases, page([older]))
          : reply(listCases, page([], { nextCursor: 'next' }));
      },
    });
    await screen.findByRole('heading', { name: '#aaaaaaaa' });
    fill('Search cases', 'bbbbbbbb');
    expect(await screen.findByText('No cases match your search.')).toBeTruthy();
    expect(
      screen.getByText(
        'Only the newest cases have been searched so far. Load more to search older ones.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: '#bbbbbbbb' })).toBeTruthy();
    const readOn = api.calls(listCases).find((c) => c.url.searchParams.get('cursor') === 'next');
    expect(readOn?.url.searchParams.get('search')).toBe('bbbbbbbb');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads each tab as its own list', async () => {
    const api = await openDashboard();
    await screen.findByRole('button', { name: 'Check for new cases' });
    fireEvent.click(screen.getByRole('tab', { name: 'My Active' }));
    await waitFor(() =>
      expect(api.calls(listCases).map((c) => c.url.searchParams.get('view'))).toContain('mine'),
    );
  });
});

describe('ProviderDashboard: claim', () => {
  it("claims with the provider's own id and says 'Case Claimed Successfully'", async () => {
    const item = caseSummary();
    const api = await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(claimCase)]: () =>
        reply(claimCase, {
          success: true,
          case: { ...item, status: 'claimed', claimedByMe: true, claimedBy: PROVIDER.id },
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `Claim case ${item.id.slice(0, 8)}` }),
    );
    expect(await toasts().findByText('Case Claimed Successfully')).toBeTruthy();
    expect(toasts().getByText('You can now start the consultation')).toBeTruthy();
    expect(api.jsonBody(claimCase)).toEqual({ caseId: item.id, providerId: PROVIDER.id });
  });

  it("says 'Claim Failed' with the reason and turns the lost card 'Claimed'", async () => {
    const item = caseSummary();
    await openDashboard({
      // The refreshed queue no longer holds the case.
      [routeOf(listCases)]: (_request, call) => reply(listCases, page(call === 0 ? [item] : [])),
      [routeOf(claimCase)]: () => json({ message: claimMessages.claimedByOther }, 409),
    });
    const short = item.id.slice(0, 8);
    fireEvent.click(await screen.findByRole('button', { name: `Claim case ${short}` }));
    expect(await toasts().findByText('Claim Failed')).toBeTruthy();
    expect(toasts().getByText(claimMessages.claimedByOther)).toBeTruthy();
    await waitFor(() => expect(card(short).getByText('Claimed')).toBeTruthy());
    expect(card(short).queryByRole('button', { name: /Claim/ })).toBeNull();
    // Kept on top only while it matches what the list is filtered by.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    expect(await screen.findByText('No cases match your search.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'claimed' } });
    await screen.findByRole('heading', { name: `#${short}` });
  });
});

describe('ProviderDashboard: details dialog', () => {
  it("shows 'Loading case details...' then 'Case details not found'", async () => {
    const item = mine();
    let answerDetails: () => void = () => undefined;
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () =>
        new Promise((resolve) => {
          answerDetails = () => resolve(json({ message: 'Case not found' }, 404));
        }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${item.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Loading case details...')).toBeTruthy();
    act(() => answerDetails());
    expect(await dialog.findByText('Case details not found')).toBeTruthy();
  });

  it('says when the patient was last seen on the visit page (issue 27)', async () => {
    const lastSeenAt = new Date(Date.now() - 3.5 * 60_000).toISOString();
    const item = mine({ patientPresence: { present: false, lastSeenAt } });
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${item.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect((await dialog.findByTestId('patient-presence')).textContent).toBe(
      'Patient last seen 3 min ago',
    );
  });

  it('shows the patient, the summary, the attachments, and plays audio or says it cannot', async () => {
    const item = mine({ triageSummary: 'Headache since Monday' });
    const audio = attachment('voice.m4a', { type: 'voice_message' });
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
      [routeOf(listCaseAttachments)]: () =>
        reply(listCaseAttachments, [attachment('scan.png'), audio]),
    });
    const playSpy = vi.fn(() =>
      Promise.reject(new DOMException('unsupported', 'NotSupportedError')),
    );
    vi.stubGlobal(
      'Audio',
      class {
        addEventListener() {}
        pause() {}
        play = playSpy;
      },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${item.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Grace Hopper')).toBeTruthy();
    expect(dialog.getByText('grace@example.com')).toBeTruthy();
    expect(dialog.getByText('555-0100')).toBeTruthy();
    expect(dialog.getByText('Headache since Monday')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Start Meeting (15-Min Timer)' })).toBeTruthy();

    fireEvent.click(await dialog.findByRole('button', { name: /voice\.m4a/ }));
    expect(await toasts().findByText('Audio Error')).toBeTruthy();
    expect(toasts().getByText('Could not play audio file')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: /scan\.png/ }));
    const viewer = within(await screen.findByRole('dialog', { name: 'scan.png' }));
    expect(viewer.getByRole('img', { name: 'scan.png' })).toBeTruthy();
  });

  it("says 'Failed to fetch case attachments' when the list cannot be read", async () => {
    const item = mine();
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
      [routeOf(listCaseAttachments)]: () => json({ message: 'down' }, 503),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${item.id.slice(0, 8)}` }),
    );
    expect(await screen.findByText('Failed to fetch case attachments')).toBeTruthy();
  });

  it('shows a waiting case as its card has it, asks for no patient data, and says to claim it', async () => {
    const item = caseSummary({ triageSummary: 'Urgent: sore throat and fever' });
    const api = await openDashboard({ ...lists({ available: page([item]) }) });
    fireEvent.click(
      await screen.findByRole('button', { name: `Details case ${item.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('note').textContent).toBe(providerCaseMessages.claimFirst);
    expect(dialog.getByText('Urgent: sore throat and fever')).toBeTruthy();
    expect(dialog.getByText('URGENT')).toBeTruthy();
    expect(dialog.getByText(item.id)).toBeTruthy();
    expect(dialog.queryByText('Patient')).toBeNull();
    expect(dialog.queryByText('Attachments')).toBeNull();
    expect(api.calls(getCaseDetails)).toEqual([]);
    expect(api.calls(listCaseAttachments)).toEqual([]);
  });

  it('says why when the server refuses the details of a case the list showed as mine', async () => {
    const item = mine();
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => json({ message: providerCaseMessages.claimFirst }, 403),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${item.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText(providerCaseMessages.claimFirst)).toBeTruthy();
  });
});

/** The tab `window.open('', '_blank')` hands back: the dashboard sends it on or closes it. */
function fakeTab() {
  return { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
}

/** Stubs `window.open` with a tab, or with a blocker's null. */
function stubOpen(tab: ReturnType<typeof fakeTab> | null) {
  const open = vi.fn(() => tab);
  vi.stubGlobal('open', open);
  return open;
}

describe('ProviderDashboard: start call', () => {
  it('opens the tab in the click, before any request, then sends it to the join link; the room starts the timer', async () => {
    const item = mine();
    const api = await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
    });
    const tab = fakeTab();
    const open = stubOpen(tab);
    const button = await screen.findByRole('button', {
      name: `Start Call case ${item.id.slice(0, 8)}`,
    });
    fireEvent.click(button);
    // Synchronously in the click (its user activation), and before the case is read.
    expect(open).toHaveBeenCalledWith('', '_blank');
    const detailsRead = api.fetch.mock.calls.findIndex(([input]) =>
      String(input).endsWith(`/api/cases/${item.id}/details`),
    );
    expect(open.mock.invocationCallOrder[0]).toBeLessThan(
      api.fetch.mock.invocationCallOrder[detailsRead]!,
    );

    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    const url = new URL(tab.location.replace.mock.calls[0]![0] as string);
    expect(url.pathname).toBe('/room/room-1');
    expect(url.searchParams.get('case_id')).toBe(item.id);
    expect(url.searchParams.get('start')).toBe('1');
    expect(tab.opener).toBeNull();
    expect(api.calls(getCaseDetails)).toHaveLength(1);
    expect(api.calls(startMeetingTimer)).toHaveLength(0);
  });

  it("offers 'Rejoin' for a call in progress: the tab opens in the click, without a start", async () => {
    const item = mine({ status: 'in_call' });
    const api = await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
    });
    const tab = fakeTab();
    const open = stubOpen(tab);
    fireEvent.click(
      await screen.findByRole('button', { name: `Rejoin case ${item.id.slice(0, 8)}` }),
    );
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledTimes(1));
    const url = new URL(tab.location.replace.mock.calls[0]![0] as string);
    expect(url.searchParams.get('start')).toBeNull();
    expect(api.calls(startMeetingTimer)).toHaveLength(0);
  });

  it.each([
    ['my claim lapsed', providerCaseMessages.claimLapsed],
    ['another provider holds it', providerCaseMessages.heldByOther],
  ])('closes the tab and says why when %s (a stale card)', async (_, message) => {
    const item = mine();
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => json({ message }, 403),
    });
    const tab = fakeTab();
    stubOpen(tab);
    fireEvent.click(
      await screen.findByRole('button', { name: `Start Call case ${item.id.slice(0, 8)}` }),
    );
    expect(await toasts().findByText(message)).toBeTruthy();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(screen.queryByText('Visit page')).toBeNull();
  });

  it('never sends the provider to the visit page: without a join link it closes the tab and says so', async () => {
    const item = mine();
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item, { meeting: null })),
    });
    const tab = fakeTab();
    stubOpen(tab);
    fireEvent.click(
      await screen.findByRole('button', { name: `Start Call case ${item.id.slice(0, 8)}` }),
    );
    expect(await toasts().findByText(startRuleMessages.noMeeting)).toBeTruthy();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Visit page')).toBeNull();
  });

  it('says when the browser blocked the tab, with a link to open the room', async () => {
    const item = mine();
    await openDashboard({
      ...lists({ available: page([item]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(item)),
    });
    stubOpen(null);
    fireEvent.click(
      await screen.findByRole('button', { name: `Start Call case ${item.id.slice(0, 8)}` }),
    );
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(blockedRoomTexts.title)).toBeTruthy();
    const link = alert.getByRole('link', { name: blockedRoomTexts.link });
    const url = new URL(link.getAttribute('href')!);
    expect(url.pathname).toBe('/room/room-1');
    expect(url.searchParams.get('case_id')).toBe(item.id);
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(alert.getByRole('button', { name: blockedRoomTexts.dismiss }));
    expect(screen.queryByText(blockedRoomTexts.title)).toBeNull();
  });
});

describe('ProviderDashboard: live alerts', () => {
  it('refreshes the list and toasts the case id and 50 characters of the summary', async () => {
    const api = await openDashboard();
    await screen.findByRole('button', { name: 'Check for new cases' });
    await waitFor(() => expect(FakeWebSocket.latest).toBeTruthy());
    const before = api.calls(listCases).length;
    const summary = 'Severe headache with nausea and sensitivity to light since this morning';
    act(() => {
      FakeWebSocket.latest!.serverOpen();
      FakeWebSocket.latest!.serverSend({
        type: 'CASE_PAID_READY',
        case: { id: '12345678-aaaa-4bbb-8ccc-123456789abc', triageSummary: summary },
      });
    });
    expect(await toasts().findByText('New case ready for care')).toBeTruthy();
    expect(toasts().getByText(`Case 12345678: ${summary.slice(0, 50)}...`)).toBeTruthy();
    await waitFor(() => expect(api.calls(listCases).length).toBeGreaterThan(before));
  });

  it("shows the patient's presence on my card, refreshed by PATIENT_PRESENCE without a toast (issue 27)", async () => {
    const away = mine({ patientPresence: { present: false, lastSeenAt: null } });
    const here = { ...away, patientPresence: { present: true, lastSeenAt: away.createdAt } };
    let arrived = false;
    const api = await openDashboard(
      // The list answers as the server would: the stored presence of the moment.
      {
        [routeOf(listCases)]: () => reply(listCases, page([arrived ? here : away])),
      },
    );
    const shortId = away.id.slice(0, 8);
    await screen.findByRole('heading', { name: `#${shortId}` });
    expect(card(shortId).getByTestId('patient-presence').textContent).toBe(
      'Patient has not opened the visit page yet',
    );
    await waitFor(() => expect(FakeWebSocket.latest).toBeTruthy());
    const before = api.calls(listCases).length;
    arrived = true;
    act(() => {
      FakeWebSocket.latest!.serverOpen();
      FakeWebSocket.latest!.serverSend({
        type: 'PATIENT_PRESENCE',
        caseId: away.id,
        present: true,
        lastSeenAt: away.createdAt,
      });
    });
    await waitFor(() =>
      expect(card(shortId).getByTestId('patient-presence').textContent).toBe('Patient is here'),
    );
    expect(api.calls(listCases).length).toBeGreaterThan(before);
    expect(toasts().queryByText('New case ready for care')).toBeNull();
  });

  it('toasts only the case id of an alert without a summary (an unpaid case)', async () => {
    await openDashboard();
    await waitFor(() => expect(FakeWebSocket.latest).toBeTruthy());
    act(() => {
      FakeWebSocket.latest!.serverOpen();
      FakeWebSocket.latest!.serverSend({
        type: 'NEW_CASE_CREATED',
        case: { id: '87654321-aaaa-4bbb-8ccc-123456789abc' },
      });
    });
    expect(await toasts().findByText('New case created')).toBeTruthy();
    expect(toasts().getByText('Case 87654321')).toBeTruthy();
  });

  it('counts paid cases in the tab title while hidden, and clears the count when shown', async () => {
    await openDashboard({ [routeOf(listCases)]: never });
    await waitFor(() => expect(FakeWebSocket.latest).toBeTruthy());
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      FakeWebSocket.latest!.serverOpen();
      FakeWebSocket.latest!.serverSend({
        type: 'CASE_PAID_READY',
        case: { id: 'abc', triageSummary: 'x' },
      });
    });
    await waitFor(() => expect(document.title).toBe('(1) Provider Dashboard | TeleHealth'));
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(document.title).toBe('Provider Dashboard | TeleHealth'));
    visibility.mockRestore();
  });
});

describe('ProviderDashboard: home nurse visits (docs/adr/0022)', () => {
  const waitingVisit = () =>
    caseSummary({
      requestType: 'nurse-visit',
      nurseVisit: { area: 'Tema, Greater Accra', scheduledFor: null, outcome: null },
    });
  const myVisit = (scheduledFor: string | null) =>
    mine({
      requestType: 'nurse-visit',
      claimExpiresAt: null,
      nurseVisit: { area: 'Tema, Greater Accra', scheduledFor, outcome: null },
    });

  const shownCard = async (item: { id: string }) => {
    await screen.findByRole('heading', { name: `#${item.id.slice(0, 8)}` });
    return card(item.id.slice(0, 8));
  };

  it("says 'Home Nurse Visit' with the area, and offers the visit's steps instead of a call", async () => {
    const waiting = waitingVisit();
    const held = myVisit(null);
    await openDashboard(lists({ available: page([waiting, held]) }));
    const waitingCard = await shownCard(waiting);
    expect(waitingCard.getByTestId('care-type').textContent).toBe(
      'Home Nurse Visit · Tema, Greater Accra',
    );
    expect(waitingCard.getByRole('button', { name: /^Claim/ })).toBeTruthy();

    const heldCard = await shownCard(held);
    expect(heldCard.queryByRole('button', { name: /Start Call/ })).toBeNull();
    expect(heldCard.queryByText(/Start the meeting by/)).toBeNull();
    expect(await heldCard.findByLabelText('Visit time')).toBeTruthy();
    expect(heldCard.getByRole<HTMLButtonElement>('button', { name: /^Visit Done/ }).disabled).toBe(
      true,
    );
    expect(heldCard.getByRole('button', { name: /^Patient Not Reached/ })).toBeTruthy();
  });

  it('offers no meeting to start in the dialog of my visit', async () => {
    const held = myVisit(null);
    await openDashboard({
      ...lists({ available: page([held]) }),
      [routeOf(getCaseDetails)]: () => reply(getCaseDetails, detailsOf(held, { meeting: null })),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `View case ${held.id.slice(0, 8)}` }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Grace Hopper')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Start Meeting/ })).toBeNull();
  });

  it('records the visit time, then marks it done; a refusal is said in the server words', async () => {
    const held = myVisit('2026-11-25T15:30:00.000Z');
    const answers = [
      json({ message: 'This case is claimed by another provider.' }, 403),
      reply(recordNurseVisit, {
        success: true,
        caseId: held.id,
        status: 'completed',
        visit: { scheduledFor: '2026-11-25T15:30:00.000Z', outcome: 'done' },
      }),
    ];
    let call = 0;
    const api = await openDashboard({
      ...lists({ available: page([held]) }),
      [routeOf(recordNurseVisit)]: () => answers[Math.min(call++, 1)]!,
    });
    const heldCard = await shownCard(held);
    expect((await heldCard.findByTestId('nurse-visit-time')).textContent).toMatch(
      /^Visit arranged for /,
    );

    fireEvent.click(heldCard.getByRole('button', { name: /^Visit Done/ }));
    expect((await heldCard.findByRole('alert')).textContent).toBe(
      'This case is claimed by another provider.',
    );
    fireEvent.click(heldCard.getByRole('button', { name: /^Visit Done/ }));
    await waitFor(() => expect(api.calls(recordNurseVisit)).toHaveLength(2));
    expect(api.jsonBody(recordNurseVisit)).toEqual({ step: 'done' });
    await waitFor(() => expect(heldCard.queryByRole('alert')).toBeNull());
  });
});
