/**
 * The route manifest: every HTTP route of the spec (doc 1 §7, doc 2 §7) plus the Stripe webhook,
 * and the WebSocket routes. The local gateway and the CDK stack both read this file, so a route
 * exists in exactly one place. Method and path come from the route's contract in `shared/`
 * (issue 7: each path is written once); this file adds what only the server needs: the handler,
 * the access level, the body kind and its limit. It imports no handler code, so CDK never loads
 * runtime code and a handler that reads its own entry costs only the contracts at cold start.
 *
 * `handler` names a module under `functions/src/features/` (without `.handler.ts`); each module
 * exports `handler`.
 */

import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import * as configContracts from '@shared/config/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import type { HttpMethod, RouteContract } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import * as patientContracts from '@shared/patients/contracts';
import * as paymentContracts from '@shared/payments/contracts';
import * as providerContracts from '@shared/providers/contracts';
import * as realtimeContracts from '@shared/realtime/contracts';
import * as uploadContracts from '@shared/uploads/contracts';

export type { HttpMethod };
export type Access = 'public' | 'provider' | 'admin';
/** What the route accepts as a body: the framework refuses anything else with 415. */
export type BodyKind = 'none' | 'json' | 'multipart' | 'raw';

/** GET routes take no body; routes that change state take JSON unless the manifest says. */
export type DefaultBodyKind<Method extends HttpMethod> = Method extends 'GET' ? 'none' : 'json';

export interface HttpRoute<
  Contract extends RouteContract = RouteContract,
  RouteAccess extends Access = Access,
  Kind extends BodyKind = BodyKind,
  Handler extends string = string,
> {
  /** Method, path and the request and response schemas, shared with the web. */
  readonly contract: Contract;
  readonly method: Contract['method'];
  /** API Gateway path syntax: `{name}` is a path parameter. */
  readonly path: Contract['path'];
  readonly handler: Handler;
  readonly access: RouteAccess;
  readonly body: Kind;
  /** Largest body accepted, in bytes, after any base64 decoding. */
  readonly maxBodyBytes: number;
  /**
   * State changes pass the cross-origin rule (DESIGN.md §6, docs/adr/0005): a browser's
   * cross-site request is refused, a client that is no browser passes. Only server-to-server
   * routes whose authenticity is proven otherwise (Stripe's signature) opt out.
   */
  readonly requireSameOrigin: boolean;
  /**
   * Provider routes open to a provider who still signs in with the emailed temporary password
   * (issue 8: me, password, logout); every other provider route answers 403 until it is changed.
   */
  readonly beforePasswordChange: boolean;
}

/** What the manifest adds to a contract; every field has a default from the method. */
interface RouteOptions<RouteAccess extends Access, Kind extends BodyKind> {
  access?: RouteAccess;
  body?: Kind;
  maxBodyBytes?: number;
  requireSameOrigin?: boolean;
  beforePasswordChange?: boolean;
}

const KB = 1024;
const MB = 1024 * KB;

/** JSON bodies of this product are small forms; 64 KB leaves room for 2000-character texts. */
const JSON_LIMIT = 64 * KB;
/**
 * Lambda's synchronous payload limit is 6 MB and API Gateway base64-encodes binary bodies, so an
 * inline multipart upload can carry at most about 4.5 MB of raw bytes. Browsers upload files
 * through presigned S3 POSTs instead (DESIGN.md §6); these limits apply to small inline uploads.
 */
const INLINE_MULTIPART_LIMIT = Math.floor(4.5 * MB);
/** Stripe's events are small; its largest checkout sessions stay far below this. */
const STRIPE_EVENT_LIMIT = 512 * KB;

/**
 * A manifest entry for a contract. GET routes take no body and need no same-origin proof; other
 * methods change state, so they take a JSON body and pass the cross-origin rule.
 */
function route<
  Contract extends RouteContract,
  RouteAccess extends Access = 'public',
  const Kind extends BodyKind = DefaultBodyKind<Contract['method']>,
  // Literal, so that `ManifestHandler` names every handler (src/handler-permissions.ts).
  const Handler extends string = string,
>(
  contract: Contract,
  handler: Handler,
  // No `= {}` default: with one, TypeScript types the omitted options as the constraints.
  options?: RouteOptions<RouteAccess, Kind>,
): HttpRoute<Contract, RouteAccess, Kind, Handler> {
  const changesState = contract.method !== 'GET';
  const body = options?.body ?? ((changesState ? 'json' : 'none') as Kind);
  const defaultLimit = { none: 0, json: JSON_LIMIT, multipart: INLINE_MULTIPART_LIMIT, raw: 0 };
  return {
    contract,
    method: contract.method,
    path: contract.path,
    handler,
    access: options?.access ?? ('public' as RouteAccess),
    body,
    maxBodyBytes: options?.maxBodyBytes ?? defaultLimit[body],
    requireSameOrigin: options?.requireSameOrigin ?? changesState,
    beforePasswordChange: options?.beforePasswordChange ?? false,
  };
}

// Entries are separate pure constants so that a handler's bundle keeps only its own route and
// contract: option values must stay plain literals or constants for esbuild to drop the rest.
const provider = { access: 'provider' } as const;
const admin = { access: 'admin' } as const;
const providerBeforePasswordChange = { access: 'provider', beforePasswordChange: true } as const;

// ── Patient side (spec doc 1 §7) ────────────────────────────────────────────────────────
export const createCase = /* @__PURE__ */ route(caseContracts.createCase, 'cases/create-case', {
  body: 'multipart',
});
export const createPatient = /* @__PURE__ */ route(
  patientContracts.createPatient,
  'patients/create-patient',
);
export const getCaseStatus = /* @__PURE__ */ route(caseContracts.getCaseStatus, 'cases/get-status');
// Issue 28: the waiting room's place and estimate (with the patient's key, ADR 0012).
export const getCaseWait = /* @__PURE__ */ route(caseContracts.getCaseWait, 'cases/get-wait');
// Issue 12: a patient page's ticket for its case's updates (with the patient's key, ADR 0012).
export const createCaseRealtimeTicket = /* @__PURE__ */ route(
  realtimeContracts.createCaseRealtimeTicket,
  'realtime/create-case-ticket',
);
export const createCheckoutSession = /* @__PURE__ */ route(
  paymentContracts.createCheckoutSession,
  'payments/create-checkout-session',
);
export const manualPaymentComplete = /* @__PURE__ */ route(
  paymentContracts.manualPaymentComplete,
  'payments/manual-payment-complete',
);
export const submitFeedback = /* @__PURE__ */ route(
  caseContracts.submitFeedback,
  'cases/submit-feedback',
);
export const getVideoAccess = /* @__PURE__ */ route(
  patientContracts.getVideoAccess,
  'patients/video-access',
);
export const recordMeetingAccess = /* @__PURE__ */ route(
  patientContracts.recordMeetingAccess,
  'patients/meeting-access',
);
export const getPaymentVerification = /* @__PURE__ */ route(
  patientContracts.getPaymentVerification,
  'patients/payment-verification',
);
// The spec sends no body here; an empty JSON body is accepted.
export const testPaymentComplete = /* @__PURE__ */ route(
  paymentContracts.testPaymentComplete,
  'payments/test-payment-complete',
);
// Not in the spec's table: the presigned upload path of DESIGN.md §6 and the client settings.
export const createCaseUpload = /* @__PURE__ */ route(
  uploadContracts.createCaseUpload,
  'uploads/create-upload',
);
export const confirmCaseUpload = /* @__PURE__ */ route(
  uploadContracts.confirmCaseUpload,
  'uploads/confirm-upload',
);
export const getClientConfig = /* @__PURE__ */ route(
  configContracts.getClientConfig,
  'config/get-client-config',
);
export const getApplicationStatus = /* @__PURE__ */ route(
  applicationContracts.getApplicationStatus,
  'doctor-applications/get-status',
);
// Not in the spec's table (issue 28 item 4): the doctors on duty, shown before paying.
export const getDoctorsOnDuty = /* @__PURE__ */ route(
  providerContracts.getDoctorsOnDuty,
  'providers/doctors-on-duty',
);

// ── Provider side (spec doc 2 §7) ───────────────────────────────────────────────────────
export const providerLogin = /* @__PURE__ */ route(
  providerContracts.providerLogin,
  'providers/login',
);
// Not in the spec's table (issue 25): the second step of the sign-in, the TOTP code.
export const providerLoginCode = /* @__PURE__ */ route(
  providerContracts.providerLoginCode,
  'providers/login-code',
);
// Not in the spec's table (issue 8): the session check on reload, the forced password change of
// the first sign-in, the server-side sign-out and the ticket of the `/ws` connect.
export const providerMe = /* @__PURE__ */ route(
  providerContracts.providerMe,
  'providers/me',
  providerBeforePasswordChange,
);
export const providerChangePassword = /* @__PURE__ */ route(
  providerContracts.providerChangePassword,
  'providers/change-password',
  providerBeforePasswordChange,
);
export const providerLogout = /* @__PURE__ */ route(
  providerContracts.providerLogout,
  'providers/logout',
  providerBeforePasswordChange,
);
export const createRealtimeTicket = /* @__PURE__ */ route(
  realtimeContracts.createRealtimeTicket,
  'realtime/create-ticket',
  provider,
);
export const listCases = /* @__PURE__ */ route(caseContracts.listCases, 'cases/list', provider);
export const getCaseDetails = /* @__PURE__ */ route(
  caseContracts.getCaseDetails,
  'cases/details',
  provider,
);
export const claimCase = /* @__PURE__ */ route(caseContracts.claimCase, 'cases/claim', provider);
// Not in the spec's table (issue 27, docs/adr/0022): a home nurse visit's own steps.
export const recordNurseVisit = /* @__PURE__ */ route(
  caseContracts.recordNurseVisit,
  'cases/nurse-visit',
  provider,
);
export const startMeetingTimer = /* @__PURE__ */ route(
  meetingContracts.startMeetingTimer,
  'meetings/start-timer',
  provider,
);
// Not in the spec's table (issue 9): 'End Call' and entering the room with a join link's token.
export const endMeeting = /* @__PURE__ */ route(
  meetingContracts.endMeeting,
  'meetings/end',
  provider,
);
export const joinRoom = /* @__PURE__ */ route(meetingContracts.joinRoom, 'meetings/join-room');
export const checkProviderEmail = /* @__PURE__ */ route(
  providerContracts.checkProviderEmail,
  'providers/check-email',
);
export const createDoctorApplication = /* @__PURE__ */ route(
  applicationContracts.createDoctorApplication,
  'doctor-applications/create',
);
export const uploadApplicationDocument = /* @__PURE__ */ route(
  applicationContracts.uploadApplicationDocument,
  'doctor-applications/upload-document',
);
export const confirmApplicationDocument = /* @__PURE__ */ route(
  applicationContracts.confirmApplicationDocument,
  'doctor-applications/confirm-document',
);
export const listCaseAttachments = /* @__PURE__ */ route(
  caseContracts.listCaseAttachments,
  'cases/attachments',
  provider,
);
export const listApplicationAttachments = /* @__PURE__ */ route(
  applicationContracts.listApplicationAttachments,
  'doctor-applications/list-documents',
  admin,
);

// ── Administrator (spec doc 2 §7) ───────────────────────────────────────────────────────
export const adminLogin = /* @__PURE__ */ route(adminContracts.adminLogin, 'admin/login');
// Not in the spec's table (issue 25): the second step of the sign-in, and the factor's reset.
export const adminLoginCode = /* @__PURE__ */ route(
  adminContracts.adminLoginCode,
  'admin/login-code',
);
export const adminResetSecondFactor = /* @__PURE__ */ route(
  adminContracts.adminResetSecondFactor,
  'admin/reset-second-factor',
  admin,
);
// Not in the spec's table: sign-out must end the session on the server (issue 4).
export const adminLogout = /* @__PURE__ */ route(adminContracts.adminLogout, 'admin/logout', admin);
export const adminStats = /* @__PURE__ */ route(adminContracts.adminStats, 'admin/stats', admin);
export const adminListApplications = /* @__PURE__ */ route(
  adminContracts.adminListApplications,
  'admin/list-applications',
  admin,
);
export const adminListLogs = /* @__PURE__ */ route(
  adminContracts.adminListLogs,
  'admin/list-logs',
  admin,
);
export const adminListCases = /* @__PURE__ */ route(
  adminContracts.adminListCases,
  'admin/list-cases',
  admin,
);
export const adminApproveApplication = /* @__PURE__ */ route(
  adminContracts.adminApproveApplication,
  'admin/approve',
  admin,
);
export const adminRejectApplication = /* @__PURE__ */ route(
  adminContracts.adminRejectApplication,
  'admin/reject',
  admin,
);

// ── Payments (DESIGN.md §2): Stripe calls this; its signature, not an Origin, proves it. ──
export const stripeWebhook = /* @__PURE__ */ route(
  paymentContracts.stripeWebhook,
  'payments/stripe-webhook',
  {
    body: 'raw',
    maxBodyBytes: STRIPE_EVENT_LIMIT,
    requireSameOrigin: false,
  },
);

/** Every HTTP route by id, in the order of docs/routes.md (infra, the gateway and the docs read it). */
export const httpRoutes = {
  createCase,
  createPatient,
  getCaseStatus,
  getCaseWait,
  createCaseRealtimeTicket,
  createCheckoutSession,
  manualPaymentComplete,
  submitFeedback,
  getVideoAccess,
  recordMeetingAccess,
  getPaymentVerification,
  testPaymentComplete,
  createCaseUpload,
  confirmCaseUpload,
  getClientConfig,
  getApplicationStatus,
  getDoctorsOnDuty,
  providerLogin,
  providerLoginCode,
  providerMe,
  providerChangePassword,
  providerLogout,
  createRealtimeTicket,
  listCases,
  getCaseDetails,
  claimCase,
  recordNurseVisit,
  startMeetingTimer,
  endMeeting,
  joinRoom,
  checkProviderEmail,
  createDoctorApplication,
  uploadApplicationDocument,
  confirmApplicationDocument,
  listCaseAttachments,
  listApplicationAttachments,
  adminLogin,
  adminLoginCode,
  adminLogout,
  adminStats,
  adminListApplications,
  adminListLogs,
  adminListCases,
  adminApproveApplication,
  adminRejectApplication,
  adminResetSecondFactor,
  stripeWebhook,
};

export type HttpRouteId = keyof typeof httpRoutes;

export function routeKey(route: Pick<HttpRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** WebSocket API routes (spec doc 2 §7: live alerts on `/ws`). */
export const webSocketRoutes = {
  $connect: 'realtime/connect',
  $disconnect: 'realtime/disconnect',
  $default: 'realtime/default',
} as const;
export type WebSocketRouteKey = keyof typeof webSocketRoutes;

/**
 * Functions that EventBridge Scheduler invokes (DESIGN.md §5, §7), by function name: the
 * release of a lapsed claim (`CLAIM_RELEASE_TARGET_ARN` names it) and the end of a meeting at
 * its `endsAt` (`MEETING_END_TARGET_ARN`). The local scheduler resolves target ARNs here.
 */
export const CLAIM_RELEASE_FUNCTION = 'cases-release-claim';
export const MEETING_END_FUNCTION = 'meetings-end-meeting';
/** The expiry and refund of a paid case nobody started (`CASE_EXPIRY_TARGET_ARN`). */
export const CASE_EXPIRY_FUNCTION = 'cases-expire-case';
/** The retry of a capture or void Stripe failed (`SETTLEMENT_TARGET_ARN`, docs/adr/0024). */
export const SETTLEMENT_FUNCTION = 'payments-settle-payment';
/** A wait promise that lapsed: back to awaiting payment, voided (`WAIT_PROMISE_TARGET_ARN`). */
export const WAIT_PROMISE_FUNCTION = 'cases-lapse-wait-promise';
/**
 * The queue's fan-out worker (issue 29, docs/adr/0028): not scheduled but started the same way,
 * asynchronously (`QUEUE_FAN_OUT_TARGET_ARN`), by a change of the queue, so it shares the
 * targets' retries and failed-runs queue.
 */
export const QUEUE_FAN_OUT_FUNCTION = 'realtime-fan-out-queue';
const scheduledHandlers = {
  [CLAIM_RELEASE_FUNCTION]: 'cases/release-claim',
  [MEETING_END_FUNCTION]: 'meetings/end-meeting',
  [CASE_EXPIRY_FUNCTION]: 'cases/expire-case',
  [SETTLEMENT_FUNCTION]: 'payments/settle-payment',
  [WAIT_PROMISE_FUNCTION]: 'cases/lapse-wait-promise',
  [QUEUE_FAN_OUT_FUNCTION]: 'realtime/fan-out-queue',
} as const;
export const scheduledTargets: Readonly<Record<string, string>> = scheduledHandlers;

/**
 * Lambda authorizers API Gateway runs before the handlers (docs/adr/0011-origin-authorizer.md):
 * `originVerify` checks CloudFront's `x-origin-verify` on every HTTP route and on the WebSocket
 * `$connect`, so a request sent to the `execute-api` address invokes no handler. The local gateway
 * runs it the same way (local/gateway/authorizer.ts).
 */
export const gatewayAuthorizers = {
  originVerify: 'edge/origin-authorizer',
} as const;

/**
 * How long the HTTP API keeps the origin authorizer's answer for one header value: CloudFront
 * sends one value, so the authorizer runs about once per 5 minutes per API Gateway host instead
 * of once per request, and a value removed in a rotation stays accepted at most this long
 * (docs/deployment.md). The stack (infra/lib/http-api.ts) and the local gateway use it.
 */
export const ORIGIN_AUTHORIZER_CACHE_SECONDS = 300;

/** Every handler module the manifest names: HTTP, WebSocket, scheduled targets, authorizers. */
export type ManifestHandler =
  | (typeof httpRoutes)[HttpRouteId]['handler']
  | (typeof webSocketRoutes)[WebSocketRouteKey]
  | (typeof scheduledHandlers)[keyof typeof scheduledHandlers]
  | (typeof gatewayAuthorizers)[keyof typeof gatewayAuthorizers];

/** The module path of a handler, relative to `functions/src/features/`. */
export function handlerModulePath(handler: string): string {
  return `${handler}.handler.ts`;
}
