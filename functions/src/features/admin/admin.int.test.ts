import { describe, expect, it } from 'vitest';
import * as journey from '#local/testing/provider-journey';
import { uploadDocument } from '#local/testing/document-upload';
import { postJson } from '#local/testing/patient-journey';
import { signInWithSecondFactor } from '#local/testing/second-factor';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { httpRoutes } from '#routes';
import { createSession } from '#lib/auth/sessions';
import * as adminContracts from '@shared/admin/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

const stack = useTestStack();

const adminRoutes = Object.values(httpRoutes).filter((route) => route.access === 'admin');

/** The route's path with a sample id (every admin route takes at most an application's id). */
function samplePath(route: { path: string }) {
  return route.path.replace(/\{(?:id|applicationId)\}/, 'DEMO-0001');
}

describe('every admin route checks the role on the server', () => {
  it.each(adminRoutes.map((route) => [`${route.method} ${route.path}`, route]))(
    '%s: 401 without credentials or with a forged token, 403 for a provider',
    async (_name, route) => {
      const init = (headers: Record<string, string>) => ({
        method: route.method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(route.method === 'POST' ? { body: '{}' } : {}),
      });
      expect((await appFetch(stack, samplePath(route), init({}))).status).toBe(401);
      expect(
        (await appFetch(stack, samplePath(route), init({ authorization: 'Bearer forged' }))).status,
      ).toBe(401);
      const { token } = await createSession('provider', 'provider-x');
      expect(
        (await appFetch(stack, samplePath(route), init({ authorization: `Bearer ${token}` })))
          .status,
      ).toBe(403);
      expect(
        (await appFetch(stack, samplePath(route), init({ cookie: `th_session=${token}` }))).status,
      ).toBe(403);
    },
  );
});

describe('admin sign-in', () => {
  it('returns token and adminId, sets an HttpOnly cookie, and sign-out ends the session', async () => {
    // Password, then the TOTP code (issue 25): the code step answers the spec's token.
    const { response } = await signInWithSecondFactor(stack, 'admin', stack.admin);
    expect(response.status).toBe(200);
    const { token, adminId } = (await response.json()) as { token: string; adminId: string };
    expect(adminId).toMatch(/\S/);
    expect(response.headers.get('set-cookie')).toMatch(
      /th_session=.+; Path=\/; HttpOnly; SameSite=Strict/,
    );
    expect(
      (await journey.adminFetch(stack, token, pathOf(adminContracts.adminStats, {}))).status,
    ).toBe(200);
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(
      (await appFetch(stack, pathOf(adminContracts.adminStats, {}), { headers: { cookie } }))
        .status,
    ).toBe(200);
    const logout = await journey.adminFetch(stack, token, pathOf(adminContracts.adminLogout, {}), {
      method: 'POST',
    });
    expect(logout.status).toBe(204);
    expect(
      (await journey.adminFetch(stack, token, pathOf(adminContracts.adminStats, {}))).status,
    ).toBe(401);
  });

  it.each([
    [
      { username: stack.admin.username, password: 'wrong' },
      401,
      'Invalid username or password. Please try again.',
    ],
    [{ username: 'nobody', password: 'x' }, 401, 'Invalid username or password. Please try again.'],
    [{ username: ' ', password: 'x' }, 400, 'Please enter both username and password'],
    [{ username: 'a' }, 400, 'Please enter both username and password'],
  ])('refuses %j', async (body, status, message) => {
    const response = await postJson(stack, pathOf(adminContracts.adminLogin, {}), body);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });
  // Sign-in limits and delays, on an injected clock: auth/sign-in-lockout.int.test.ts.
});

describe('applications', () => {
  it('refuses duplicate emails and licenses, and says so to check-email', async () => {
    const first = await journey.apply(stack);
    const sameEmail = await postJson(
      stack,
      pathOf(applicationContracts.createDoctorApplication, {}),
      {
        ...first.fields,
        email: first.email.toUpperCase(),
        medicalLicenseNumber: 'LIC-OTHER-1',
      },
    );
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json()).toEqual({ success: false, message: 'Email already registered' });
    const sameLicense = await postJson(
      stack,
      pathOf(applicationContracts.createDoctorApplication, {}),
      {
        ...first.fields,
        email: `other-${first.email}`,
      },
    );
    expect(sameLicense.status).toBe(409);
    expect(((await sameLicense.json()) as { message: string }).message).toBe(
      'License number already registered',
    );
    const exists = await appFetch(
      stack,
      `${pathOf(providerContracts.checkProviderEmail, {})}?email=${encodeURIComponent(first.email)}`,
    );
    expect(await exists.json()).toEqual({ exists: true });
    const fresh = await appFetch(
      stack,
      `${pathOf(providerContracts.checkProviderEmail, {})}?email=nobody%40example.org`,
    );
    expect(await fresh.json()).toEqual({ exists: false });
  });

  it.each([
    [{ fullName: 'A' }, 'Please enter your full name'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ phoneNumber: '123' }, 'Please enter a valid phone number'],
    [{ medicalLicenseNumber: '12' }, 'Please enter a valid license number'],
    [{ licenseState: 'XX' }, 'Please select your license state'],
    [{ hospitalAffiliation: '' }, 'Please enter your hospital affiliation'],
    [{ medicalSchool: 'x' }, 'Please enter your medical school'],
    [{ yearsExperience: 51 }, 'Years of experience must be between 0 and 50'],
    [{ graduationYear: 1969 }, 'Graduation year must be between 1970 and this year'],
    [{ fullName: 'x'.repeat(1024 * 1024) }, 'Request body is too large'],
  ])('refuses bad application input %# with its message', async (overrides, message) => {
    const response = await postJson(
      stack,
      pathOf(applicationContracts.createDoctorApplication, {}),
      {
        fullName: 'Dr. Valid',
        email: `valid-${Date.now()}@example.org`,
        phoneNumber: '5551234567',
        medicalLicenseNumber: `LIC-${Date.now()}`,
        licenseState: 'CA',
        hospitalAffiliation: 'General',
        medicalSchool: 'School',
        ...overrides,
      },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it('stores checked documents and lists them to the admin with a working link', async () => {
    const { applicationId } = await journey.apply(stack);
    const upload = (name: string, type: string, bytes: string, docType = 'medical_license') =>
      uploadDocument(stack, applicationId, { name, contentType: type, bytes, type: docType });
    expect((await upload('license.pdf', 'application/pdf', '%PDF-1.4 test')).status).toBe(201);
    const forged = await upload('id.png', 'image/png', 'not a png', 'identification');
    expect(forged.status).toBe(422);
    expect(await forged.json()).toEqual({ message: 'Please upload PDF, JPG, or PNG files only.' });
    const badType = await upload('cv.pdf', 'application/pdf', '%PDF-1.4', 'selfie');
    expect(badType.status).toBe(400);

    const token = await journey.adminToken(stack);
    const listed = (await (
      await journey.adminFetch(
        stack,
        token,
        pathOf(applicationContracts.listApplicationAttachments, { applicationId }),
      )
    ).json()) as { originalName: string; type: string; url: string }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ originalName: 'license.pdf', type: 'medical_license' });
    const file = await fetch(listed[0]!.url);
    expect(await file.text()).toBe('%PDF-1.4 test');
  });
});

describe('review', () => {
  it('approval creates a provider who signs in with the emailed password; audit shows it', async () => {
    const { applicationId, email } = await journey.apply(stack);
    const token = await journey.adminToken(stack);
    const approved = await journey.review(
      stack,
      token,
      applicationId,
      'approve',
      'Credentials verified',
    );
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      success: true,
      application: { status: 'approved' },
    });

    const message = await journey.latestEmailTo(stack, email);
    expect(message?.subject).toContain('approved');
    const password = journey.passwordFrom(message);
    expect(password?.length).toBeGreaterThanOrEqual(16);
    // The first sign-in enrols the second factor, then answers the provider (issue 25).
    const { response: login } = await signInWithSecondFactor(stack, 'provider', {
      email,
      password: password!,
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ name: 'Dr. Grace Hopper' });
    expect(login.headers.get('set-cookie')).toContain('HttpOnly');

    const logs = await journey.adminListAll<{
      applicationId: string;
      action: string;
      previousStatus: string | null;
      newStatus: string;
      notes: string;
    }>(stack, token, pathOf(adminContracts.adminListLogs, {}));
    const mine = logs.filter((entry) => entry.applicationId === applicationId);
    expect(mine.map((entry) => entry.action)).toEqual(['APPROVED', 'CREATED']);
    expect(mine[0]).toMatchObject({
      previousStatus: 'pending',
      newStatus: 'approved',
      notes: 'Credentials verified',
    });
    const status = await appFetch(
      stack,
      pathOf(applicationContracts.getApplicationStatus, { applicationId: `APP-${applicationId}` }),
    );
    expect(await status.json()).toMatchObject({ status: 'approved' });
  });

  it('rejection emails the notes and the doctor cannot sign in', async () => {
    const { applicationId, email } = await journey.apply(stack);
    const token = await journey.adminToken(stack);
    await journey.review(stack, token, applicationId, 'approve');
    const password = journey.passwordFrom(await journey.latestEmailTo(stack, email));
    const rejected = await journey.review(
      stack,
      token,
      applicationId,
      'reject',
      'License could not be verified',
    );
    expect(rejected.status).toBe(200);
    expect((await journey.latestEmailTo(stack, email))?.body.text).toContain(
      'License could not be verified',
    );
    const login = await postJson(stack, pathOf(providerContracts.providerLogin, {}), {
      email,
      password,
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('answers unknown and malformed application ids with 4xx', async () => {
    const token = await journey.adminToken(stack);
    expect((await journey.review(stack, token, 'ZZZZ-ZZZZ', 'approve')).status).toBe(404);
    expect((await journey.review(stack, token, 'bad!id', 'approve')).status).toBe(400);
    const tooLong = await journey.adminFetch(
      stack,
      token,
      pathOf(adminContracts.adminApproveApplication, { id: 'DEMO-0001' }),
      {
        method: 'POST',
        body: JSON.stringify({ notes: 'x'.repeat(2001) }),
      },
    );
    expect(tooLong.status).toBe(400);
  });
});

describe('admin lists', () => {
  it('filters applications by status and case-insensitive search; stats and cases answer', async () => {
    const { applicationId } = await journey.apply(stack, { fullName: 'Dr. Searchable Zebra' });
    const token = await journey.adminToken(stack);
    const search = await journey.adminFetch(
      stack,
      token,
      `${pathOf(adminContracts.adminListApplications, {})}?search=zEBRA&status=pending`,
    );
    const found = (await search.json()) as { items: { applicationId: string }[] };
    expect(found.items.map((entry) => entry.applicationId)).toEqual([applicationId]);
    const none = await journey.adminFetch(
      stack,
      token,
      `${pathOf(adminContracts.adminListApplications, {})}?search=zebra&status=approved`,
    );
    expect(await none.json()).toEqual({ items: [], nextCursor: null });
    const badStatus = await journey.adminFetch(
      stack,
      token,
      `${pathOf(adminContracts.adminListApplications, {})}?status=bogus`,
    );
    expect(badStatus.status).toBe(400);
    const stats = (await (
      await journey.adminFetch(stack, token, pathOf(adminContracts.adminStats, {}))
    ).json()) as Record<string, number>;
    expect(stats.totalApplications).toBeGreaterThan(0);
    expect(stats.applicationsToday).toBeGreaterThan(0);
    const cases = await journey.adminFetch(stack, token, pathOf(adminContracts.adminListCases, {}));
    expect(cases.status).toBe(200);
    expect(Array.isArray(((await cases.json()) as { items: unknown }).items)).toBe(true);
  });
});
