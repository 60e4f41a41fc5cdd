// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listCases } from '@shared/cases/contracts';
import { providerPasswordMessages } from '@shared/providers/api';
import {
  providerChangePassword,
  providerLogin,
  providerLoginCode,
  providerMe,
} from '@shared/providers/contracts';
import { json, networkError, reply, routeOf } from '@web/testing/api-mock';
import { fill, toasts } from '@web/testing/dom';
import { CURRENT_PROVIDER_KEY, PROVIDER_AUTH_KEY } from '../api/session';
import { mockProviderApi, providerPageHooks, storeProviderSession } from '../testing/provider-api';
import { PROVIDER } from '../testing/provider-fixtures';
import { renderProviderPage } from '../testing/render-provider';

providerPageHooks();

/** The signed-out page, once its lazily loaded sign-in form has rendered. */
async function renderSignInForm() {
  const view = renderProviderPage();
  await screen.findByRole('button', { name: 'Sign In' });
  return view;
}

function signInButton() {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' });
}

function signIn(email = 'ada@example.com', password = 'temporary-pass') {
  fill('Email', email);
  fill('Password', password);
  fireEvent.click(signInButton());
}

describe('ProviderDashboardPage: signing in', () => {
  it('keeps Sign In disabled while a field is blank after trimming', async () => {
    mockProviderApi();
    await renderSignInForm();
    expect(document.title).toBe('Provider Dashboard | TeleHealth');
    expect(signInButton().disabled).toBe(true);
    fill('Email', 'ada@example.com');
    fill('Password', '   ');
    expect(signInButton().disabled).toBe(true);
    fill('Password', 'secret');
    expect(signInButton().disabled).toBe(false);
  });

  it("says 'Login Required' when Enter submits a blank field, and calls nothing", async () => {
    const api = mockProviderApi();
    await renderSignInForm();
    fill('Email', '  ');
    fireEvent.submit(screen.getByLabelText('Email').closest('form')!);
    expect(await toasts().findByText('Login Required')).toBeTruthy();
    expect(toasts().getByText('Please enter both email and password')).toBeTruthy();
    expect(api.calls(providerLogin)).toHaveLength(0);
  });

  it("says 'Login Required' on Enter in a blank field, where the browser sends no submit", async () => {
    const api = mockProviderApi();
    await renderSignInForm();
    fill('Email', '  ');
    // Sign In is disabled, so a real Enter reaches only the key listener (issue 27).
    expect(signInButton().disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Enter' });
    expect(await toasts().findByText('Login Required')).toBeTruthy();
    expect(toasts().getByText('Please enter both email and password')).toBeTruthy();
    expect(api.calls(providerLogin)).toHaveLength(0);
  });

  it.each([
    [
      'wrong credentials',
      () => json({ message: 'Invalid email or password' }, 401),
      'Invalid email or password',
    ],
    [
      'the rate limit',
      () => json({ message: 'Too many attempts. Try again later.' }, 429),
      'Too many attempts. Try again later.',
    ],
    ['no answer', networkError, 'Login failed'],
  ])("shows 'Login Failed' on %s", async (_case, answer, message) => {
    mockProviderApi({ [routeOf(providerLogin)]: answer });
    renderProviderPage();
    signIn();
    expect(await toasts().findByText('Login Failed')).toBeTruthy();
    expect(toasts().getByText(message)).toBeTruthy();
    expect(localStorage.getItem(PROVIDER_AUTH_KEY)).toBeNull();
  });

  it('asks for a new password on the first sign-in before any case is read', async () => {
    const api = mockProviderApi({
      [routeOf(providerLogin)]: () =>
        reply(providerLogin, {
          step: 'enrol',
          pendingSignIn: 'pending-sign-in',
          enrolment: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/Telehealth:ada?secret=JBSWY3DPEHPK3PXP',
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        }),
      [routeOf(providerLoginCode)]: () =>
        reply(providerLoginCode, {
          ...PROVIDER,
          mustChangePassword: true,
          recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'],
        }),
      [routeOf(providerChangePassword)]: () => reply(providerChangePassword, PROVIDER),
    });
    await renderSignInForm();
    signIn();
    // The first sign-in enrols the second factor (issue 25): QR code, key, first code.
    expect(await screen.findByRole('img', { name: /QR code to add this account/ })).toBeTruthy();
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSWY3DPEHPK3PXP');
    fill('Authentication code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and Sign In' }));
    // The recovery codes show once, before anything else.
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.textContent).toContain('abcde-fghjk');
    expect(api.jsonBody(providerLoginCode)).toEqual({
      pendingSignIn: 'pending-sign-in',
      code: '123456',
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved these' }));
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(api.calls(listCases)).toHaveLength(0);
    // Only display values are stored: no password, no token.
    expect(JSON.parse(localStorage.getItem(CURRENT_PROVIDER_KEY)!)).toEqual({
      id: PROVIDER.id,
      name: PROVIDER.name,
    });

    fill('Temporary password (from your email)', 'temporary-pass');
    fill('New password', 'short');
    fill('Confirm new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(providerPasswordMessages.newTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));

    // Long enough but among the most common breached passwords (issue 25): said before sending.
    fill('New password', 'PasswordPassword');
    fill('Confirm new password', 'PasswordPassword');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText(providerPasswordMessages.newTooCommon)).toBeTruthy();
    expect(api.calls(providerChangePassword)).toHaveLength(0);

    fill('New password', 'a-much-longer-password');
    fill('Confirm new password', 'a-much-longer-password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    // The dashboard's chunk is a real dynamic import: on a loaded machine longer than 1 s.
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${PROVIDER.name}` }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(api.jsonBody(providerChangePassword)).toEqual({
      currentPassword: 'temporary-pass',
      newPassword: 'a-much-longer-password',
    });
  });

  it('says so when the temporary password is wrong', async () => {
    mockProviderApi({
      [routeOf(providerMe)]: () => reply(providerMe, { ...PROVIDER, mustChangePassword: true }),
      [routeOf(providerChangePassword)]: () =>
        json({ message: providerPasswordMessages.currentWrong }, 422),
    });
    storeProviderSession();
    renderProviderPage();
    await screen.findByLabelText('Temporary password (from your email)');
    fill('Temporary password (from your email)', 'wrong-one');
    fill('New password', 'a-much-longer-password');
    fill('Confirm new password', 'a-much-longer-password');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(providerPasswordMessages.currentWrong)).toBeTruthy();
  });

  it('asks the server on a reload and shows the login form when the session has ended', async () => {
    mockProviderApi({ [routeOf(providerMe)]: () => json({ message: 'Unauthorized' }, 401) });
    storeProviderSession();
    renderProviderPage();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(PROVIDER_AUTH_KEY)).toBeNull());
    expect(localStorage.getItem(CURRENT_PROVIDER_KEY)).toBeNull();
  });

  it('opens the dashboard on a reload when the session holds', async () => {
    mockProviderApi();
    storeProviderSession();
    renderProviderPage();
    expect(await screen.findByRole('heading', { name: `Welcome, ${PROVIDER.name}` })).toBeTruthy();
  });
});
