import type { TestStack } from './global-setup';
import { postJson } from './patient-journey';
import { signInWithSecondFactor } from './second-factor';
import { appFetch } from './stack-context';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import type {
  CaseListResponse,
  CaseListView,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

/** Steps of the doctor's and the administrator's journeys, for integration tests. */

let sequence = 0;

export function applicationFields(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const unique = `${Date.now()}${sequence}${Math.floor(Math.random() * 1000)}`;
  return {
    fullName: 'Dr. Grace Hopper',
    email: `grace.${unique}@example.org`,
    phoneNumber: '+1 555 123 4567',
    medicalLicenseNumber: `MD-${unique}`,
    licenseState: 'NY',
    specialization: 'Cardiology',
    yearsExperience: 12,
    hospitalAffiliation: 'Mount Sinai',
    medicalSchool: 'Columbia University',
    graduationYear: 2010,
    boardCertifications: [],
    ...overrides,
  };
}

export async function apply(stack: TestStack, overrides: Record<string, unknown> = {}) {
  const fields = applicationFields(overrides);
  const response = await postJson(
    stack,
    pathOf(applicationContracts.createDoctorApplication, {}),
    fields,
  );
  if (response.status !== 201) throw new Error(`apply failed: ${await response.text()}`);
  const { applicationId } = (await response.json()) as { applicationId: string };
  return { applicationId, email: fields.email, fields };
}

/**
 * A new session of the stack's administrator (password, then a TOTP code): its token and cookie.
 * For tests that end the session they get; the others share `adminToken`'s.
 */
export async function signInAdmin(
  stack: Pick<TestStack, 'appUrl' | 'admin'>,
): Promise<{ token: string; adminId: string; cookie: string }> {
  const { response } = await signInWithSecondFactor(stack, 'admin', stack.admin);
  if (response.status !== 200) {
    throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  }
  const { token, adminId } = (await response.json()) as { token: string; adminId: string };
  return { token, adminId, cookie: sessionCookieOf(response) };
}

/**
 * The administrator's bearer token, one session per stack and test worker: every sign-in spends
 * a TOTP time step, and the server accepts only three around now (issue 25). A test that signs
 * the admin out or ends its sessions uses `signInAdmin`.
 */
const adminSessions = new Map<string, Promise<string>>();
export function adminToken(stack: Pick<TestStack, 'appUrl' | 'admin'>): Promise<string> {
  const key = `${stack.appUrl} ${stack.admin.username}`;
  let session = adminSessions.get(key);
  if (!session) {
    session = signInAdmin(stack).then(({ token }) => token);
    // A failed sign-in is not kept: the next caller tries again.
    session.catch(() => adminSessions.delete(key));
    adminSessions.set(key, session);
  }
  return session;
}

export function adminFetch(stack: TestStack, token: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return appFetch(stack, path, { ...init, headers });
}

/** A page of an admin list as the API answers it. */
export interface AdminPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * Every page of an admin list (`path` may carry its own query), `limit` items a page, following
 * `nextCursor` until the last page; fails after `maxPages` so a cursor that loops cannot hang.
 */
export async function adminPages<Item>(
  stack: TestStack,
  token: string,
  path: string,
  { limit = 100, maxPages = 200 }: { limit?: number; maxPages?: number } = {},
): Promise<AdminPage<Item>[]> {
  const pages: AdminPage<Item>[] = [];
  let cursor: string | null = null;
  do {
    const url = new URL(path, 'http://list.invalid');
    url.searchParams.set('limit', String(limit));
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await adminFetch(stack, token, `${url.pathname}${url.search}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    const page = (await response.json()) as AdminPage<Item>;
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length >= maxPages && cursor) throw new Error(`${path}: more than ${maxPages} pages`);
  } while (cursor);
  return pages;
}

/** Every item of an admin list, in list order. */
export async function adminListAll<Item>(
  stack: TestStack,
  token: string,
  path: string,
): Promise<Item[]> {
  return (await adminPages<Item>(stack, token, path)).flatMap((page) => page.items);
}

/**
 * An admin decision. `id` is the application id or the admin list item's id; with
 * `expectedVersion` (as the panel sends it) the decision is refused if the application changed.
 */
export function review(
  stack: TestStack,
  token: string,
  id: string,
  decision: 'approve' | 'reject',
  notes = '',
  options: { expectedVersion?: number } = {},
) {
  return adminFetch(
    stack,
    token,
    pathOf(
      decision === 'approve'
        ? adminContracts.adminApproveApplication
        : adminContracts.adminRejectApplication,
      { id },
    ),
    {
      method: 'POST',
      body: JSON.stringify({ notes, ...options }),
    },
  );
}

/**
 * The administrator withdraws a provider's approval (rejects the approved application), which
 * ends every session of theirs: the rejection's answer, unread.
 */
export async function withdrawApproval(
  stack: TestStack,
  provider: Pick<SignedInProvider, 'applicationId'>,
): Promise<Response> {
  return review(stack, await adminToken(stack), provider.applicationId, 'reject');
}

interface MailboxEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

/** The newest email the local SES mailbox holds for an address. */
export async function latestEmailTo(
  stack: TestStack,
  address: string,
): Promise<MailboxEmail | undefined> {
  const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
    emails: MailboxEmail[];
  };
  return store.emails.filter((email) => email.destination.to.includes(address)).at(-1);
}

export function passwordFrom(email: MailboxEmail | undefined): string | undefined {
  return /Temporary password: (\S+)/.exec(email?.body.text ?? '')?.[1];
}

/** The `name=value` of the session cookie a sign-in answer sets. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie;
}

/** A call as the signed-in provider's browser makes it (cookie, same origin, JSON). */
export function providerFetch(
  stack: TestStack,
  // A provider (as `signInProvider` answers) or just its cookie.
  session: string | Pick<SignedInProvider, 'cookie'>,
  path: string,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  headers.set('cookie', typeof session === 'string' ? session : session.cookie);
  // As the app's fetcher (web/src/lib/api.ts): every unsafe call is JSON, even without a body;
  // one that carries the cookie without the type is refused (lib/http/body.ts).
  if (init.body || (init.method ?? 'GET') !== 'GET')
    headers.set('content-type', 'application/json');
  return appFetch(stack, path, { ...init, headers });
}

/** The first 100 cases of one of the provider's dashboard lists (`view`), newest first. */
export async function dashboardCases(
  stack: TestStack,
  provider: string | Pick<SignedInProvider, 'cookie'>,
  view: CaseListView,
): Promise<ProviderCaseSummary[]> {
  const response = await providerFetch(
    stack,
    provider,
    `${pathOf(caseContracts.listCases, {})}?view=${view}&limit=100`,
  );
  return ((await response.json()) as CaseListResponse).cases;
}

/** A signed-in provider: their id and the session cookie (`name=value`) a browser would send. */
export interface SignedInProvider {
  id: string;
  name: string;
  email: string;
  applicationId: string;
  /** The emailed temporary password. */
  temporaryPassword: string;
  /** The password now in use: the temporary one with `keepTemporaryPassword`. */
  password: string;
  cookie: string;
  /** The TOTP secret the first sign-in enrolled (issue 25). */
  totpSecret: string;
  /** The recovery codes that enrolment showed once. */
  recoveryCodes: string[];
}

/**
 * Signs a provider in again (password, then a TOTP code from the secret the helpers hold): the
 * code step's answer, unread. Throws when the password step is refused.
 */
export async function signInProviderAgain(
  stack: TestStack,
  provider: { email: string; password: string; totpSecret: string },
): Promise<Response> {
  const { email, password, totpSecret } = provider;
  return (await signInWithSecondFactor(stack, 'provider', { email, password, totpSecret }))
    .response;
}

/**
 * Applies (with `overrides` of the application fields), is approved by the administrator and
 * signs in with the emailed temporary password; unless `keepTemporaryPassword`, also makes the
 * forced password change of the first sign-in, so the session may use every provider route.
 */
export async function signInProvider(
  stack: TestStack,
  overrides: Record<string, unknown> = {},
  options: { keepTemporaryPassword?: boolean } = {},
): Promise<SignedInProvider> {
  const { applicationId, email } = await apply(stack, overrides);
  const approval = await review(stack, await adminToken(stack), applicationId, 'approve');
  if (approval.status !== 200) throw new Error(`approval failed: ${approval.status}`);
  const temporaryPassword = passwordFrom(await latestEmailTo(stack, email));
  if (!temporaryPassword) throw new Error('no temporary password emailed');
  // The first sign-in enrols the second factor (issue 25), as the sign-in page does.
  const {
    response: login,
    secret: totpSecret,
    recoveryCodes = [],
  } = await signInWithSecondFactor(stack, 'provider', { email, password: temporaryPassword });
  if (login.status !== 200) throw new Error(`provider login failed: ${login.status}`);
  const { id, name } = (await login.json()) as { id: string; name: string };
  const signedIn = { id, name, email, applicationId, temporaryPassword, totpSecret, recoveryCodes };
  if (options.keepTemporaryPassword) {
    return { ...signedIn, password: temporaryPassword, cookie: sessionCookieOf(login) };
  }
  const password = `own-password-${applicationId}`;
  const change = await providerFetch(
    stack,
    { cookie: sessionCookieOf(login) },
    pathOf(providerContracts.providerChangePassword, {}),
    {
      method: 'POST',
      body: JSON.stringify({ currentPassword: temporaryPassword, newPassword: password }),
    },
  );
  if (change.status !== 200) throw new Error(`password change failed: ${change.status}`);
  return { ...signedIn, password, cookie: sessionCookieOf(change) };
}
