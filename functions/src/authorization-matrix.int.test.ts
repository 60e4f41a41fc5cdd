import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import {
  caseStatus,
  deliverWebhook,
  newCaseId,
  newPaidPatientB,
  patientHeaders,
  patientKeyOf,
  postJson,
} from '#local/testing/patient-journey';
import {
  adminToken,
  apply,
  applicationFields,
  signInAdmin,
  signInProvider,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { storeDocument } from '#local/testing/document-upload';
import { nextCodeOf, postPassword, rememberSecret } from '#local/testing/second-factor';
import { parseJoinLink } from '#local/testing/room-socket';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { insertAdminUser } from './db/admin-users';
import { storeCaseStatus } from './db/testing';
import { hashPassword } from './lib/auth/passwords';
import { httpRoutes, routeKey, type HttpRouteId } from './routes';
import { pathOf } from '@shared/http/contract';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import * as uploadContracts from '@shared/uploads/contracts';
import { postToStorage } from '#local/testing/storage-upload';

/**
 * The authorization matrix of docs/security.md, proven: every route of the manifest as each of
 * five callers, each with a request valid for its own situation. The table is the expectation;
 * a route without a row fails, and so does any unexpected allow or deny.
 */

const stack = useTestStack();

const actors = ['anonymous', 'anotherPatient', 'providerA', 'providerB', 'admin'] as const;
type Actor = (typeof actors)[number];
type Expected = 'allow' | 'deny';

/** The statuses that count as a refusal: no session, wrong role or owner, or not yours. */
const DENIED = [401, 403, 404];

// ── The table ─────────────────────────────────────────────────────────────────────────────

/** Rows of the `## Authorization matrix` table of docs/security.md, by route key. */
function readMatrix(): Map<string, Record<Actor, Expected>> {
  const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Authorization matrix'));
  if (!section) throw new Error('docs/security.md has no "## Authorization matrix" section');
  const rows = new Map<string, Record<Actor, Expected>>();
  for (const line of section.split('\n')) {
    const match = /^\|\s*`([A-Z]+ [^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    if (!match) continue;
    const cells = match[2]!.split('|').map((cell) => cell.trim());
    if (cells.length !== actors.length || cells.some((c) => c !== 'allow' && c !== 'deny')) {
      throw new Error(`Malformed matrix row: ${line}`);
    }
    if (rows.has(match[1]!)) throw new Error(`Two matrix rows for ${match[1]}`);
    rows.set(
      match[1]!,
      Object.fromEntries(actors.map((actor, index) => [actor, cells[index]])) as Record<
        Actor,
        Expected
      >,
    );
  }
  return rows;
}

const matrix = readMatrix();
const routeIds = Object.keys(httpRoutes) as HttpRouteId[];

// ── The situations ────────────────────────────────────────────────────────────────────────

/** A paid patient (reading B: patient and case made together), claimed by a provider. */
interface ClaimedPatient {
  caseId: string;
  patientId: string;
  meetingId: string;
  patientLink: string;
  providerLink: string;
}

let providerA: SignedInProvider;
let providerB: SignedInProvider;
/** Patient X's case, claimed by A: the case every call is about. */
let caseX: ClaimedPatient;
/** Another patient's case, also claimed by A: its proofs are sent with X's ids. */
let caseY: ClaimedPatient;

function paidPatient(): Promise<{ caseId: string; patientId: string }> {
  return newPaidPatientB(stack, {
    name: 'Matrix Patient',
    contactInfo: 'matrix.patient@example.org',
    symptoms: 'Sore throat for three days',
    requestType: 'telemedicine',
  });
}

async function claimedPaidCase(provider: SignedInProvider): Promise<ClaimedPatient> {
  const patient = await paidPatient();
  await claimCase(stack, provider, patient.caseId);
  const links = await joinLinks(stack, provider, patient.caseId);
  const meetingId = (await caseStatus(stack, patient.caseId)).meeting?.id;
  if (!meetingId) throw new Error('a paid case without a meeting');
  return {
    ...patient,
    meetingId,
    patientLink: links.patientJoinUrl,
    providerLink: links.providerJoinUrl,
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Asks for a presigned POST on a case and stores a small PNG there: the id to confirm. */
async function uploadedFile(caseId: string): Promise<string> {
  const response = await postJson(
    stack,
    pathOf(uploadContracts.createCaseUpload, { caseId }),
    { kind: 'image', filename: 'rash.png', contentType: 'image/png', size: PNG.length },
    patientHeaders(caseId),
  );
  if (response.status !== 201) throw new Error(`upload refused: ${response.status}`);
  const grant = (await response.json()) as {
    uploadId: string;
    url: string;
    fields: Record<string, string>;
  };
  const stored = await postToStorage(grant, new Blob([PNG], { type: 'image/png' }), 'rash.png');
  if (stored.status >= 300) throw new Error(`S3 refused the upload: ${stored.status}`);
  return grant.uploadId;
}

// ── The calls ─────────────────────────────────────────────────────────────────────────────

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** JSON (an object) or a form; none for most GETs. */
  body?: unknown;
  /** Sent instead of the caller's own session (the doctor's room needs the holder's cookie). */
  cookie?: string;
  /** Sent instead of the admin's shared token (a call that ends the session it is sent with). */
  adminToken?: string;
  /** Replaces the default headers entirely (the Stripe webhook signs its own request). */
  send?: () => Promise<Response>;
  /**
   * The case or patient id of a patient route: the patient sends its key (docs/adr/0012), the
   * other patient sends their own key (Y's), providers and admins have none.
   */
  patient?: string;
}

const json = (path: string, body?: unknown, patient?: string): Call => ({
  method: 'POST',
  path,
  body,
  ...(patient ? { patient } : {}),
});
const get = (path: string, patient?: string): Call => ({
  method: 'GET',
  path,
  ...(patient ? { patient } : {}),
});

/** The provider a provider-session route acts on: A or B, or a fresh one where it is destroyed. */
function sessionOf(actor: Actor): SignedInProvider | undefined {
  if (actor === 'providerA') return providerA;
  if (actor === 'providerB') return providerB;
  return undefined;
}

/** A doctor's license as the apply page sends it. */
const licensePdf = {
  name: 'license.pdf',
  contentType: 'application/pdf',
  bytes: '%PDF-1.4 matrix',
  type: 'medical_license',
};

/**
 * The code step of a sign-in whose password step just passed: `pendingSignIn` and the code of
 * the account's secret (a code is accepted once, so each call has a sign-in of its own).
 */
async function codeStep(
  kind: 'provider' | 'admin',
  credentials: { email: string; password: string } | { username: string; password: string },
  secret?: string,
): Promise<{ pendingSignIn: string; code: string }> {
  const account = 'email' in credentials ? credentials.email : credentials.username;
  const login = await postPassword(stack, kind, credentials);
  const challenge = (await login.json()) as {
    pendingSignIn: string;
    enrolment?: { secret: string };
  };
  rememberSecret(stack, kind, account, secret ?? challenge.enrolment!.secret);
  return { pendingSignIn: challenge.pendingSignIn, code: await nextCodeOf(stack, kind, account) };
}

/** An admin account of its own, not enrolled yet (its sign-in enrols it). */
async function newAdmin(): Promise<{ username: string; password: string }> {
  const username = `matrix-${randomUUID().slice(0, 8)}`;
  const password = 'a-matrix-admin-password';
  await insertAdminUser({
    username,
    passwordHash: await hashPassword(password),
    email: `${username}@example.org`,
  });
  return { username, password };
}

/** Each route's request, as each actor would send it in their situation. */
const requests: Record<HttpRouteId, (actor: Actor) => Promise<Call>> = {
  createCase: () => {
    const form = new FormData();
    form.set('name', 'Matrix Patient');
    form.set('triageSummary', 'Mild headache since this morning');
    form.set('email', 'matrix.patient@example.org');
    return Promise.resolve({
      method: 'POST',
      path: pathOf(httpRoutes.createCase.contract, {}),
      body: form,
    });
  },
  createPatient: () =>
    Promise.resolve(
      json(pathOf(httpRoutes.createPatient.contract, {}), {
        name: 'Matrix Patient',
        contactInfo: 'matrix.patient@example.org',
        symptoms: 'Sore throat',
        requestType: 'telemedicine',
      }),
    ),
  getCaseStatus: () =>
    Promise.resolve(
      get(pathOf(httpRoutes.getCaseStatus.contract, { caseId: caseX.caseId }), caseX.caseId),
    ),
  getCaseWait: () =>
    Promise.resolve(
      get(pathOf(httpRoutes.getCaseWait.contract, { caseId: caseX.caseId }), caseX.caseId),
    ),
  createCaseRealtimeTicket: () =>
    Promise.resolve(
      json(
        pathOf(httpRoutes.createCaseRealtimeTicket.contract, { caseId: caseX.caseId }),
        undefined,
        caseX.caseId,
      ),
    ),
  createCheckoutSession: async () => {
    const caseId = await newCaseId(stack);
    return json(
      pathOf(httpRoutes.createCheckoutSession.contract, {}),
      { caseId, mode: 'hosted' },
      caseId,
    );
  },
  manualPaymentComplete: () =>
    Promise.resolve(
      json(
        pathOf(httpRoutes.manualPaymentComplete.contract, {}),
        { caseId: caseX.caseId },
        caseX.caseId,
      ),
    ),
  submitFeedback: async () => {
    const { caseId } = await paidPatient();
    await storeCaseStatus(caseId, 'completed', new Date().toISOString());
    return json(pathOf(httpRoutes.submitFeedback.contract, { caseId }), { rating: 5 }, caseId);
  },
  getVideoAccess: () =>
    Promise.resolve(
      get(
        pathOf(httpRoutes.getVideoAccess.contract, { patientId: caseX.patientId }),
        caseX.patientId,
      ),
    ),
  recordMeetingAccess: (actor) =>
    Promise.resolve(
      json(
        pathOf(httpRoutes.recordMeetingAccess.contract, { patientId: caseX.patientId }),
        {
          meetingId: actor === 'anotherPatient' ? caseY.meetingId : caseX.meetingId,
          accessTime: new Date().toISOString(),
        },
        caseX.patientId,
      ),
    ),
  getPaymentVerification: () =>
    Promise.resolve(
      get(
        pathOf(httpRoutes.getPaymentVerification.contract, { patientId: caseX.patientId }),
        caseX.patientId,
      ),
    ),
  testPaymentComplete: () =>
    Promise.resolve(
      json(
        pathOf(httpRoutes.testPaymentComplete.contract, { patientId: caseX.patientId }),
        {},
        caseX.patientId,
      ),
    ),
  createCaseUpload: async () => {
    const caseId = await newCaseId(stack);
    return json(
      pathOf(httpRoutes.createCaseUpload.contract, { caseId }),
      { kind: 'image', filename: 'rash.png', contentType: 'image/png', size: PNG.length },
      caseId,
    );
  },
  confirmCaseUpload: async (actor) => {
    const caseId = await newCaseId(stack);
    // The other patient confirms their own upload onto case X.
    const uploadId = await uploadedFile(
      actor === 'anotherPatient' ? await newCaseId(stack) : caseId,
    );
    return json(pathOf(httpRoutes.confirmCaseUpload.contract, { caseId }), { uploadId }, caseId);
  },
  getClientConfig: () => Promise.resolve(get(pathOf(httpRoutes.getClientConfig.contract, {}))),
  getDoctorsOnDuty: () => Promise.resolve(get(pathOf(httpRoutes.getDoctorsOnDuty.contract, {}))),
  getApplicationStatus: () =>
    Promise.resolve(
      get(
        pathOf(httpRoutes.getApplicationStatus.contract, {
          applicationId: providerA.applicationId,
        }),
      ),
    ),
  providerLogin: () =>
    Promise.resolve(
      json(pathOf(httpRoutes.providerLogin.contract, {}), {
        email: providerA.email,
        password: providerA.password,
      }),
    ),
  // Public: the pending sign-in is the credential; a provider of its own for each call.
  providerLoginCode: async () => {
    const own = await signInProvider(stack);
    const { email, password, totpSecret } = own;
    return json(
      pathOf(httpRoutes.providerLoginCode.contract, {}),
      await codeStep('provider', { email, password }, totpSecret),
    );
  },
  providerMe: () => Promise.resolve(get(pathOf(httpRoutes.providerMe.contract, {}))),
  // Changing the password and signing out end sessions: a provider of their own for each call.
  providerChangePassword: async (actor) => {
    const own = sessionOf(actor) ? await signInProvider(stack) : providerA;
    return {
      ...json(pathOf(httpRoutes.providerChangePassword.contract, {}), {
        currentPassword: own.password,
        newPassword: `${own.password}-changed`,
      }),
      ...(sessionOf(actor) ? { cookie: own.cookie } : {}),
    };
  },
  providerLogout: async (actor) => ({
    ...json(pathOf(httpRoutes.providerLogout.contract, {})),
    ...(sessionOf(actor) ? { cookie: (await signInProvider(stack)).cookie } : {}),
  }),
  createRealtimeTicket: () =>
    Promise.resolve(json(pathOf(httpRoutes.createRealtimeTicket.contract, {}))),
  listCases: () => Promise.resolve(get(pathOf(httpRoutes.listCases.contract, {}))),
  getCaseDetails: () =>
    Promise.resolve(get(pathOf(httpRoutes.getCaseDetails.contract, { caseId: caseX.caseId }))),
  // A claims a paid case for himself; B claims one in A's name.
  claimCase: async () => {
    const { caseId } = await paidPatient();
    return json(pathOf(httpRoutes.claimCase.contract, {}), { caseId, providerId: providerA.id });
  },
  recordNurseVisit: async () => {
    const created = await newPaidPatientB(stack, {
      name: 'Matrix Patient',
      contactInfo: 'matrix.patient@example.org',
      symptoms: 'Needs a dressing changed',
      requestType: 'nurse-visit',
      location: '1 Matrix Street, Springfield',
    });
    await claimCase(stack, providerA, created.caseId);
    return json(pathOf(httpRoutes.recordNurseVisit.contract, { caseId: created.caseId }), {
      step: 'schedule',
      scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
    });
  },
  startMeetingTimer: async () => {
    const { caseId } = await claimedPaidCase(providerA);
    return json(pathOf(httpRoutes.startMeetingTimer.contract, { caseId }), {});
  },
  endMeeting: async () => {
    const { caseId } = await claimedPaidCase(providerA);
    await startTimer(stack, providerA, caseId);
    return json(pathOf(httpRoutes.endMeeting.contract, { caseId }));
  },
  // The patient's link for callers without a provider session (the admin has no patient key);
  // the doctor's for providers, who must hold the case; the other patient sends their own token
  // for X's meeting.
  joinRoom: (actor) => {
    const link = sessionOf(actor) ? caseX.providerLink : caseX.patientLink;
    const { meetingId, role, token } = parseJoinLink(link);
    const other = parseJoinLink(caseY.patientLink);
    return Promise.resolve(
      json(
        pathOf(httpRoutes.joinRoom.contract, { meetingId }),
        { role, token: actor === 'anotherPatient' ? other.token : token },
        role === 'patient' ? caseX.caseId : undefined,
      ),
    );
  },
  checkProviderEmail: () =>
    Promise.resolve(
      get(`${pathOf(httpRoutes.checkProviderEmail.contract, {})}?email=nobody%40example.org`),
    ),
  createDoctorApplication: () =>
    Promise.resolve(
      json(pathOf(httpRoutes.createDoctorApplication.contract, {}), applicationFields()),
    ),
  uploadApplicationDocument: async () => {
    const { applicationId } = await apply(stack);
    return json(pathOf(httpRoutes.uploadApplicationDocument.contract, { applicationId }), {
      type: 'medical_license',
      filename: 'license.pdf',
      contentType: 'application/pdf',
      size: licensePdf.bytes.length,
    });
  },
  // The bytes are in storage already, as the apply page has them before it confirms.
  confirmApplicationDocument: async () => {
    const { applicationId } = await apply(stack);
    const stored = await storeDocument(stack, applicationId, licensePdf);
    if (stored instanceof Response) throw new Error(`upload refused: ${stored.status}`);
    return json(pathOf(httpRoutes.confirmApplicationDocument.contract, { applicationId }), {
      uploadId: stored.uploadId,
    });
  },
  listCaseAttachments: () =>
    Promise.resolve(get(pathOf(httpRoutes.listCaseAttachments.contract, { caseId: caseX.caseId }))),
  listApplicationAttachments: () =>
    Promise.resolve(
      get(
        pathOf(httpRoutes.listApplicationAttachments.contract, {
          applicationId: providerA.applicationId,
        }),
      ),
    ),
  adminLogin: () => Promise.resolve(json(pathOf(httpRoutes.adminLogin.contract, {}), stack.admin)),
  // Public: the pending sign-in is the credential; an admin of its own enrols in each call.
  adminLoginCode: async () =>
    json(pathOf(httpRoutes.adminLoginCode.contract, {}), await codeStep('admin', await newAdmin())),
  // Signing out ends the session: the admin signs in for this call alone (the shared one stays).
  adminLogout: async (actor) => ({
    ...json(pathOf(httpRoutes.adminLogout.contract, {})),
    ...(actor === 'admin' ? { adminToken: (await signInAdmin(stack)).token } : {}),
  }),
  adminStats: () => Promise.resolve(get(pathOf(httpRoutes.adminStats.contract, {}))),
  adminListApplications: () =>
    Promise.resolve(get(pathOf(httpRoutes.adminListApplications.contract, {}))),
  adminListLogs: () => Promise.resolve(get(pathOf(httpRoutes.adminListLogs.contract, {}))),
  adminListCases: () => Promise.resolve(get(pathOf(httpRoutes.adminListCases.contract, {}))),
  adminApproveApplication: async () => {
    const { applicationId } = await apply(stack);
    return json(pathOf(httpRoutes.adminApproveApplication.contract, { id: applicationId }), {
      notes: '',
    });
  },
  adminRejectApplication: async () => {
    const { applicationId } = await apply(stack);
    return json(pathOf(httpRoutes.adminRejectApplication.contract, { id: applicationId }), {
      notes: 'Incomplete documents',
    });
  },
  // A provider of its own, enrolled: a reset deletes the factor, so a second one would be 409.
  adminResetSecondFactor: async () => {
    const { applicationId } = await signInProvider(stack);
    return json(pathOf(httpRoutes.adminResetSecondFactor.contract, { id: applicationId }));
  },
  // Signed with the stack's secret, as Stripe signs; an event type the app does not act on.
  stripeWebhook: () =>
    Promise.resolve({
      method: 'POST',
      path: pathOf(httpRoutes.stripeWebhook.contract, {}),
      send: () =>
        deliverWebhook(stack, {
          id: `evt_matrix_${randomUUID()}`,
          object: 'event',
          type: 'customer.created',
          data: { object: { id: `cus_${randomUUID()}`, object: 'customer' } },
        }),
    }),
};

/**
 * The patient key a caller sends on a patient route: patient X's own, the other patient's own
 * (Y's) with X's ids; providers and the admin hold none (docs/adr/0012).
 */
function patientKeyFor(actor: Actor, call: Call): string | undefined {
  if (!call.patient) return undefined;
  if (actor === 'anonymous') return patientKeyOf(call.patient);
  if (actor === 'anotherPatient') return patientKeyOf(caseY.caseId);
  return undefined;
}

/** Sends a call as a browser of that actor would: the app's Origin, the actor's credentials. */
async function send(actor: Actor, call: Call): Promise<Response> {
  if (call.send) return call.send();
  const headers = new Headers();
  const patientKey = patientKeyFor(actor, call);
  if (patientKey) headers.set(PATIENT_KEY_HEADER, patientKey);
  const cookie = call.cookie ?? sessionOf(actor)?.cookie;
  if (cookie) headers.set('cookie', cookie);
  if (actor === 'admin') {
    headers.set('authorization', `Bearer ${call.adminToken ?? (await adminToken(stack))}`);
  }
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) {
    body = call.body;
  } else if (call.method === 'POST') {
    headers.set('content-type', 'application/json');
    body = call.body === undefined ? undefined : JSON.stringify(call.body);
  }
  return appFetch(stack, call.path, { method: call.method, headers, body });
}

// ── The proof ─────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  [providerA, providerB] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
  caseX = await claimedPaidCase(providerA);
  caseY = await claimedPaidCase(providerA);
}, 60_000);

describe('the authorization matrix of docs/security.md', () => {
  it('has exactly one row per route of the manifest', () => {
    const manifestKeys = routeIds.map((id) => routeKey(httpRoutes[id])).sort();
    expect([...matrix.keys()].sort()).toEqual(manifestKeys);
  });

  it.each(routeIds)(
    '%s answers every caller as the table says',
    { timeout: 90_000 },
    async (id) => {
      const expected = matrix.get(routeKey(httpRoutes[id]));
      expect(expected, `no matrix row for ${routeKey(httpRoutes[id])}`).toBeDefined();
      const outcomes: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      for (const actor of actors) {
        const response = await send(actor, await requests[id](actor));
        const status = response.status;
        await response.body?.cancel();
        const outcome =
          status >= 200 && status < 300 ? 'allow' : DENIED.includes(status) ? 'deny' : 'other';
        outcomes[actor] = `${outcome} (${status})`;
        wanted[actor] = `${expected![actor]} (${status})`;
      }
      // One comparison per route shows every caller's status when any differs.
      expect(outcomes).toEqual(wanted);
    },
  );
});
