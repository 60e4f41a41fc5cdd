// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetDom } from '@web/testing/render';
import { getApplicationStatus } from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { json, offContract } from '@web/testing/api-mock';
import { TEST_CONFIG } from '@web/testing/fixtures';
import { mockApplicationApi } from '../testing/api';
import ApplicationStatusPage from './ApplicationStatusPage';

afterEach(() => {
  resetDom();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const STATUS = (id: string) => `GET ${pathOf(getApplicationStatus, { applicationId: id })}`;
const NOT_FOUND = 'Application not found. Please check your application ID and try again.';

function application(status: string, overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    status,
    applicationId: 'K7QF-29XM',
    submittedAt: '2025-01-05T15:04:00.000Z',
    reviewedAt: ['approved', 'rejected', 'suspended'].includes(status)
      ? '2025-01-07T09:30:00.000Z'
      : null,
    message: 'A message from the server.',
    ...overrides,
  };
}

function renderPage(path = '/provider/status') {
  return renderRoutes(
    [
      { path: '/provider/status', element: <ApplicationStatusPage /> },
      { path: '/provider/apply', element: <h1>Apply page</h1> },
    ],
    { initialEntries: [path] },
  );
}

function input() {
  return screen.getByLabelText<HTMLInputElement>('Application ID');
}

function searchButton() {
  return screen.getByRole<HTMLButtonElement>('button', {
    name: /^(Check Status|Checking\.\.\.)$/,
  });
}

function search(id: string) {
  fireEvent.change(input(), { target: { value: id } });
  fireEvent.submit(input().closest('form')!);
}

describe('/provider/status', () => {
  it('shows one h1, the title, the hint and the help with the response time', async () => {
    mockApplicationApi();
    renderPage();

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Application Status',
    ]);
    expect(document.title).toBe('Application Status | TeleHealth');
    expect(input().getAttribute('placeholder')).toBe('APP-XXXX-XXXX');
    expect(screen.getByRole('heading', { level: 2, name: 'Find your application' })).toBeTruthy();
    const help = screen.getByRole('region', { name: 'Need help?' });
    expect(within(help).getByText(/1-2 business days/)).toBeTruthy();
    expect(
      within(help).getByRole('link', { name: 'Submit a New Application' }).getAttribute('href'),
    ).toBe('/provider/apply');
    const support = await within(help).findByRole('link', { name: TEST_CONFIG.supportEmail });
    expect(support.getAttribute('href')).toBe(`mailto:${TEST_CONFIG.supportEmail}`);
  });

  it('disables the search while the id is blank after trimming', () => {
    const api = mockApplicationApi();
    renderPage();

    expect(searchButton().disabled).toBe(true);
    fireEvent.change(input(), { target: { value: '   ' } });
    expect(searchButton().disabled).toBe(true);
    fireEvent.submit(input().closest('form')!);
    expect(api.apiCalls()).toHaveLength(0);

    fireEvent.change(input(), { target: { value: ' 123 ' } });
    expect(searchButton().disabled).toBe(false);
  });

  it('strips the APP- prefix, searches on Enter and keeps the id in the address', async () => {
    const api = mockApplicationApi({
      [STATUS('123')]: () => json(application('pending', { applicationId: '123' })),
    });
    const { router } = renderPage();

    search('  app-123 ');

    expect(await screen.findByTestId('status-badge')).toBeTruthy();
    expect(api.calls(STATUS('123'))).toHaveLength(1);
    expect(api.calls(STATUS('123'))[0]?.init.credentials).toBe('include');
    expect(router.state.location.search).toBe('?id=APP-123');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your Application APP-123' }),
    ).toBeTruthy();

    // The same id again asks the server again.
    search('123');
    await waitFor(() => expect(api.calls(STATUS('123'))).toHaveLength(2));
  });

  it.each([
    ['pending', 'Under Review', /waiting for our verification team/],
    ['under_review', 'In Review', /reviewing your credentials/],
    ['approved', 'Approved', /approved/],
    ['rejected', 'Rejected', /reviewer’s notes have been sent to your email/],
    ['suspended', 'Suspended', /temporarily, pending additional review/],
    ['on_hold', 'Unknown', /could not determine the status/],
  ])('shows %s as "%s" with its description', async (status, label, description) => {
    // `on_hold` is no status of the contract (a newer server's): the page must survive it.
    const body = () => json(application(status));
    mockApplicationApi({
      [STATUS('K7QF-29XM')]: status === 'on_hold' ? () => offContract(body()) : body,
    });
    renderPage();
    search('APP-K7QF-29XM');

    const details = await screen.findByTestId('status-details');
    expect(within(details).getByTestId('status-badge').textContent).toBe(label);
    expect(within(details).getAllByText(description).length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toBe(`Status: ${label}`);
    // The server's sentence only adds something for a status the page does not know.
    expect(within(details).queryByText('A message from the server.') !== null).toBe(
      label === 'Unknown',
    );
  });

  it('shows a rejected application the notes its rejection sent, under a heading', async () => {
    const reviewNotes = 'Board certificate expired.\nPlease reapply with a current one.';
    mockApplicationApi({
      [STATUS('K7QF-29XM')]: () => json(application('rejected', { reviewNotes })),
    });
    renderPage();
    search('K7QF-29XM');

    const notes = await screen.findByRole('region', { name: 'Reviewer Notes' });
    expect(within(notes).getByRole('heading', { name: 'Reviewer Notes' })).toBeTruthy();
    expect(notes.textContent).toContain('Board certificate expired.');
    expect(notes.textContent).toContain('Please reapply with a current one.');
  });

  it('shows no notes section when the answer carries none', async () => {
    mockApplicationApi({ [STATUS('K7QF-29XM')]: () => json(application('approved')) });
    renderPage();
    search('K7QF-29XM');
    await screen.findByTestId('status-details');
    expect(screen.queryByRole('region', { name: 'Reviewer Notes' })).toBeNull();
  });

  it('shows a timeline with the dates: submitted, under review, decision', async () => {
    mockApplicationApi({ [STATUS('K7QF-29XM')]: () => json(application('approved')) });
    renderPage();
    search('K7QF-29XM');

    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual(['complete', 'complete', 'complete']);
    expect(steps[0]?.textContent).toContain('January 5, 2025');
    expect(steps[2]?.textContent).toContain('Approved on January 7, 2025');

    const details = screen.getByTestId('status-details');
    expect(within(details).getByText('January 5, 2025', { selector: 'dd' })).toBeTruthy();
    expect(within(details).getByText('January 7, 2025', { selector: 'dd' })).toBeTruthy();
  });

  it('marks the review as the current step while pending', async () => {
    mockApplicationApi({ [STATUS('K7QF-29XM')]: () => json(application('pending')) });
    renderPage();
    search('K7QF-29XM');

    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual(['complete', 'current', 'upcoming']);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(within(screen.getByTestId('status-details')).getByText('Not available')).toBeTruthy();
  });

  it('links to the provider dashboard only when approved', async () => {
    mockApplicationApi({
      [STATUS('AAAA-1111')]: () => json(application('approved', { applicationId: 'AAAA-1111' })),
      [STATUS('BBBB-2222')]: () => json(application('pending', { applicationId: 'BBBB-2222' })),
    });
    renderPage();

    search('APP-AAAA-1111');
    const link = await screen.findByRole('link', { name: 'Go to Provider Dashboard' });
    expect(link.getAttribute('href')).toBe('/provider-dashboard');

    search('APP-BBBB-2222');
    await screen.findByRole('heading', { level: 2, name: 'Your Application APP-BBBB-2222' });
    expect(screen.queryByRole('link', { name: 'Go to Provider Dashboard' })).toBeNull();
  });

  it.each([
    [404, { success: false, message: 'Application not found' }],
    [400, { success: false, message: 'Please enter a valid application ID' }],
  ])('says the application was not found for a %i', async (status, body) => {
    mockApplicationApi({ [STATUS('NOPE-0000')]: () => json(body, status) });
    renderPage();
    search('APP-NOPE-0000');

    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);
    expect(screen.queryByTestId('status-details')).toBeNull();
  });

  it('shows an error with a retry when the lookup fails', async () => {
    const api = mockApplicationApi({
      [STATUS('K7QF-29XM')]: (_request, call) =>
        call === 0
          ? Promise.reject(new TypeError('Failed to fetch'))
          : json(application('under_review')),
    });
    renderPage();
    search('APP-K7QF-29XM');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to check application status. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect((await screen.findByTestId('status-badge')).textContent).toBe('In Review');
    expect(api.calls(STATUS('K7QF-29XM'))).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an id that cannot exist without calling the server', () => {
    const api = mockApplicationApi();
    renderPage();
    search('../etc');

    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid application ID')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(api.apiCalls()).toHaveLength(0);
  });

  it('prefills and searches the id of ?id=', async () => {
    const api = mockApplicationApi({ [STATUS('K7QF-29XM')]: () => json(application('rejected')) });
    renderPage('/provider/status?id=APP-K7QF-29XM');

    expect(input().value).toBe('APP-K7QF-29XM');
    expect((await screen.findByTestId('status-badge')).textContent).toBe('Rejected');
    expect(api.calls(STATUS('K7QF-29XM'))).toHaveLength(1);
  });

  it('shows "Checking..." while the lookup runs', async () => {
    let respond: (res: Response) => void = () => undefined;
    mockApplicationApi({
      [STATUS('K7QF-29XM')]: () =>
        new Promise<Response>((resolve) => {
          respond = resolve;
        }),
    });
    renderPage();
    search('K7QF-29XM');

    await waitFor(() => expect(searchButton().textContent).toBe('Checking...'));
    expect(screen.getByRole('status').textContent).toBe('Looking up your application...');
    respond(json(application('pending')));
    await waitFor(() => expect(searchButton().textContent).toBe('Check Status'));
  });
});
