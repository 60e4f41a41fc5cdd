// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_LOGIN_BLANK, ADMIN_LOGIN_FAILED } from '@shared/admin/api';
import { resetDom } from '@web/testing/render';
import {
  adminListApplications,
  adminLogin,
  adminLoginCode,
  adminLogout,
  adminResetSecondFactor,
  adminStats,
} from '@shared/admin/contracts';
import { getClientConfig } from '@shared/config/contracts';
import { json, noContent, reply, routeOf, type Answer } from '@web/testing/api-mock';
import { TEST_CONFIG } from '@web/testing/fixtures';
import { installDialogPolyfill, toasts } from '@web/testing/dom';
import { mockAdminApi, storeAdminSession } from '../testing/admin-api';
import { ADMIN_ID, PENDING_SIGN_IN, TOKEN, applications } from '../testing/admin-fixtures';
import { renderAdmin } from '../testing/render-admin';

beforeAll(installDialogPolyfill);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  resetDom();
  vi.unstubAllGlobals();
});

function loginForm() {
  return {
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign In' }),
  };
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** The value of a stat tile once the stats have loaded. */
async function tile(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' });
  await waitFor(() => expect(term.nextElementSibling?.textContent).not.toBe('–'));
  return term.nextElementSibling?.textContent;
}

describe('AdminPage: signing in', () => {
  it('titles the page and shows the login form with one h1', async () => {
    mockAdminApi();
    await renderAdmin();
    expect(document.title).toBe('Admin Panel | TeleHealth');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Admin Panel',
    ]);
    expect(loginForm().username.getAttribute('autocomplete')).toBe('username');
  });

  it('keeps Sign In disabled while either field is blank after trimming', async () => {
    const api = mockAdminApi();
    await renderAdmin();
    const { username, password, submit } = loginForm();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    type(username, 'admin');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    type(password, '   ');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    type(username, '  ');
    type(password, 'secret');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    // Enter cannot submit past the disabled button, so it explains instead and sends nothing.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(username, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(ADMIN_LOGIN_BLANK);
    // A submit that gets through anyway explains too.
    fireEvent.submit(username.closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe(ADMIN_LOGIN_BLANK);
    expect(api.calls()).toHaveLength(0);
  });

  it('signs in with Enter, stores the token and id, and shows the stat tiles', async () => {
    const api = mockAdminApi();
    await renderAdmin();
    const { username, password } = loginForm();
    type(username, '  admin ');
    type(password, ' s3cret ');
    fireEvent.submit(password.closest('form')!);

    // The second step (issue 25): nothing is stored until the code is accepted.
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(localStorage.getItem('adminToken')).toBeNull();
    type(code, '123 456');
    fireEvent.submit(code.closest('form')!);

    expect(await tile('Total Applications')).toBe('42');
    const [login] = api.calls(adminLogin);
    expect(login?.body).toEqual({ username: 'admin', password: ' s3cret ' });
    expect(login?.init.credentials).toBe('include');
    expect(api.calls(adminLoginCode)[0]?.body).toEqual({
      pendingSignIn: PENDING_SIGN_IN,
      code: '123456',
    });
    expect(localStorage.getItem('adminToken')).toBe(TOKEN);
    expect(localStorage.getItem('adminId')).toBe(ADMIN_ID);

    expect(await tile('Pending Review')).toBe('7');
    expect(await tile('Approved')).toBe('30');
    expect(await tile('Rejected')).toBe('5');
    expect(await tile("Today's Applications")).toBe('3');
    expect(await tile('Avg Review Time (hours)')).toBe('12.3');
    // Issue 28 item 5: the wait estimate's accuracy, from the same stats answer.
    expect(screen.getByTestId('wait-accuracy').textContent).toBe(
      'Wait estimates: 85 % within 3 minutes of the real start (20 consultations)',
    );
    expect(screen.getByText('System Online')).toBeTruthy();
    const today = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date());
    expect(screen.getByText(today).tagName).toBe('TIME');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    // Every admin call carries the token and cookies.
    const stats = api.calls(adminStats)[0];
    expect(stats?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(stats?.init.credentials).toBe('include');
  });

  it('disables Sign In while the request runs', async () => {
    let answer: (res: Response) => void = () => undefined;
    mockAdminApi({
      [routeOf(adminLogin)]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await renderAdmin();
    const { username, password, submit } = loginForm();
    type(username, 'admin');
    type(password, 'secret');
    fireEvent.click(submit);
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(true));
    act(() => answer(json({ message: ADMIN_LOGIN_FAILED }, 401)));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows Login Failed with the spec text on wrong credentials', async () => {
    mockAdminApi({
      [routeOf(adminLogin)]: () => json({ message: 'nope' }, 401),
    });
    await renderAdmin();
    const { username, password, submit } = loginForm();
    type(username, 'admin');
    type(password, 'wrong');
    fireEvent.click(submit);
    expect(await toasts().findByText('Login Failed')).toBeTruthy();
    expect(toasts().getByText(ADMIN_LOGIN_FAILED)).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('shows the server message when rate limited', async () => {
    mockAdminApi({
      [routeOf(adminLogin)]: () =>
        json({ message: 'Too many login attempts. Please try again later.' }, 429),
    });
    await renderAdmin();
    const { username, password, submit } = loginForm();
    type(username, 'admin');
    type(password, 'secret');
    fireEvent.click(submit);
    expect(
      await toasts().findByText('Too many login attempts. Please try again later.'),
    ).toBeTruthy();
  });
});

describe('AdminPage: signed in', () => {
  beforeEach(storeAdminSession);

  it('signs out: server logout, storage cleared, empty login form and a toast', async () => {
    const api = mockAdminApi();
    sessionStorage.setItem('something', 'kept for the session');
    await renderAdmin();
    await tile('Total Applications');

    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await toasts().findByText('Signed Out')).toBeTruthy();
    expect(toasts().getByText('You have been successfully signed out')).toBeTruthy();
    const [logout] = api.calls(adminLogout);
    expect(logout?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminId')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    const { username, password } = loginForm();
    expect((username as HTMLInputElement).value).toBe('');
    expect((password as HTMLInputElement).value).toBe('');
  });

  it('stays signed in and says so when sign-out fails', async () => {
    mockAdminApi({ [routeOf(adminLogout)]: () => json({ message: 'boom' }, 500) });
    await renderAdmin();
    await tile('Total Applications');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await toasts().findByText('Sign Out Error')).toBeTruthy();
    expect(toasts().getByText('There was an issue signing out. Please try again.')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBe(TOKEN);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('returns to the login form when a call answers 401', async () => {
    mockAdminApi({ [routeOf(adminStats)]: () => json({ message: 'Unauthorized' }, 401) });
    await renderAdmin();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminId')).toBeNull();
  });

  it('Refresh asks the server again for every shown admin query', async () => {
    const api = mockAdminApi();
    await renderAdmin();
    await tile('Total Applications');
    await screen.findByText('Dr. Jane Smith');
    expect(api.calls(adminStats)).toHaveLength(1);
    expect(api.calls(adminListApplications)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.calls(adminStats)).toHaveLength(2));
    await waitFor(() => expect(api.calls(adminListApplications)).toHaveLength(2));
  });

  it('shows a statistics error instead of the numbers', async () => {
    mockAdminApi({ [routeOf(adminStats)]: () => json({ message: 'boom' }, 500) });
    await renderAdmin();
    expect(await screen.findByText('Failed to fetch statistics')).toBeTruthy();
  });

  it('dashboard: five newest applications with badges, and the system status', async () => {
    mockAdminApi();
    await renderAdmin();
    const recent = await screen.findByRole('heading', { name: 'Recent Applications' });
    const card = within(recent.closest('.ui-card') as HTMLElement);
    await card.findByText('Dr. Jane Smith');
    const names = card.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent);
    expect(names).toEqual(applications.slice(0, 5).map((a) => a.fullName));
    expect(card.getAllByText('Pending').length).toBeGreaterThan(0);
    expect(card.getByText('Approved')).toBeTruthy();

    for (const text of ['Database Online', 'Email Service Active', 'Emergency Alerts Enabled']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(await screen.findByText('Triage region: Default')).toBeTruthy();
  });

  it('dashboard: the system status names the triage region in effect (TRIAGE_REGION)', async () => {
    mockAdminApi({
      [routeOf(getClientConfig)]: () =>
        reply(getClientConfig, { ...TEST_CONFIG, triageRegion: 'sub-saharan' }),
    });
    await renderAdmin();
    expect(await screen.findByText('Triage region: Sub-Saharan Africa')).toBeTruthy();
  });

  it('dashboard: says when the triage region cannot be loaded', async () => {
    mockAdminApi({ [routeOf(getClientConfig)]: () => json({ message: 'boom' }, 500) });
    await renderAdmin();
    expect(await screen.findByText('Triage region: could not be loaded')).toBeTruthy();
  });

  it('dashboard Review opens the review dialog in the Applications tab', async () => {
    mockAdminApi();
    await renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Review Dr. Omar Haddad' }));
    const tab = screen.getByRole('tab', { name: 'Applications' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const review = within(await screen.findByRole('dialog', { name: 'Review Application' }));
    expect(review.getByText('APP-B2CD-3EFG')).toBeTruthy();
    expect(review.getByText('omar@example.com')).toBeTruthy();
  });

  it("resets an approved doctor's two-step sign-in from the review dialog, and says why it failed", async () => {
    let answer: Answer = noContent;
    const api = mockAdminApi({ [routeOf(adminResetSecondFactor)]: (...args) => answer(...args) });
    storeAdminSession();
    await renderAdmin();
    fireEvent.click(await screen.findByRole('button', { name: 'Review Dr. Omar Haddad' }));
    const review = within(await screen.findByRole('dialog', { name: 'Review Application' }));
    fireEvent.click(review.getByRole('button', { name: 'Reset Two-Step Sign-In' }));
    expect(await toasts().findByText('Two-Step Sign-In Reset')).toBeTruthy();
    const [call] = api.calls(adminResetSecondFactor);
    expect(call?.headers.Authorization).toBe(`Bearer ${TOKEN}`);

    answer = () => json({ message: 'This provider has not set up a second factor yet' }, 409);
    expect(call?.params).toEqual({ id: 'app-2' });
    fireEvent.click(review.getByRole('button', { name: 'Reset Two-Step Sign-In' }));
    expect(await toasts().findByText('Reset Failed')).toBeTruthy();
    expect(toasts().getByText('This provider has not set up a second factor yet')).toBeTruthy();
  });

  it('tabs follow the WAI-ARIA pattern with arrow keys, Home and End', async () => {
    mockAdminApi();
    await renderAdmin();
    const list = await screen.findByRole('tablist', { name: 'Admin sections' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Applications',
      'Cases',
      'Audit Logs',
    ]);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);

    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[3]);
    expect(await screen.findByRole('heading', { name: 'Audit Logs' })).toBeTruthy();
    fireEvent.keyDown(tabs[3]!, { key: 'Home' });
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });
});
