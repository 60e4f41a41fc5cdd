/**
 * The route manifest: every HTTP route of the spec (doc 1 §7, doc 2 §7) plus the Stripe webhook,
 * and the WebSocket routes. The local gateway and the CDK stack both read this file, so a route
 * exists in exactly one place. Method and path come from the route's contract in `shared/`
 * (issue 7: each path is written once); this file adds what only the server needs: the handler,
 * the access level, the body kind and its limit. It imports no handler code, so CDK never loads
 * runtime code and a handler that reads its own entry costs only the contracts at cold start.
 *
 * `handler` names a module under `functions/src/features/` (without `.handler.ts`); each module
 * exports `handler`. Routes that a later issue builds point at `not-implemented`, which still
 * enforces the route's access level before answering 501.
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
import * as uploadContracts from '@shared/uploads/contracts';

export type { HttpMethod };
export type Access = 'public' | 'provider' | 'admin';
/** What the route accepts as a body: the framework refuses anything else with 415. */
export type BodyKind = 'none' | 'json' | 'multipart' | 'raw';

export interface HttpRoute<
  Contract extends RouteContract = RouteContract,
  RouteAccess extends Access = Access,
> {
  /** Method, path and the request and response schemas, shared with the web. */
  readonly contract: Contract;
  readonly method: Contract['method'];
  /** API Gateway path syntax: `{name}` is a path parameter. */
  readonly path: Contract['path'];
  readonly handler: string;
  readonly access: RouteAccess;
  readonly body: BodyKind;
  /** Largest body accepted, in bytes, after any base64 decoding. */
  readonly maxBodyBytes: number;
  /**
   * Browser-originated state changes must carry a same-origin `Origin` (DESIGN.md §6). Only
   * server-to-server routes whose authenticity is proven otherwise (Stripe's signature) opt out.
   */
  readonly requireSameOrigin: boolean;
}

/** What the manifest adds to a contract; every field has a default from the method. */
interface RouteOptions<RouteAccess extends Access> {
  access?: RouteAccess;
  body?: BodyKind;
  maxBodyBytes?: number;
  requireSameOrigin?: boolean;
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

/**
 * A manifest entry for a contract. GET routes take no body and need no same-origin proof; other
 * methods change state, so they take a JSON body and must come from the app's origin.
 */
function route<Contract extends RouteContract, RouteAccess extends Access = 'public'>(
  contract: Contract,
  handler: string,
  options: RouteOptions<RouteAccess> = {},
): HttpRoute<Contract, RouteAccess> {
  const changesState = contract.method !== 'GET';
  const body = options.body ?? (changesState ? 'json' : 'none');
  const defaultLimit = { none: 0, json: JSON_LIMIT, multipart: INLINE_MULTIPART_LIMIT, raw: 0 };
  return {
    contract,
    method: contract.method,
    path: contract.path,
    handler,
    access: options.access ?? ('public' as RouteAccess),
    body,
    maxBodyBytes: options.maxBodyBytes ?? defaultLimit[body],
    requireSameOrigin: options.requireSameOrigin ?? changesState,
  };
}

const NI = 'not-implemented';
const provider = { access: 'provider' } as const;
const admin = { access: 'admin' } as const;

export const httpRoutes = {
  // ── Patient side (spec doc 1 §7) ────────────────────────────────────────────────────────
  createCase: route(caseContracts.createCase, 'cases/create-case', { body: 'multipart' }),
  createPatient: route(patientContracts.createPatient, 'patients/create-patient'),
  getCaseStatus: route(caseContracts.getCaseStatus, 'cases/get-status'),
  createCheckoutSession: route(
    paymentContracts.createCheckoutSession,
    'payments/create-checkout-session',
  ),
  manualPaymentComplete: route(
    paymentContracts.manualPaymentComplete,
    'payments/manual-payment-complete',
  ),
  submitFeedback: route(caseContracts.submitFeedback, NI),
  getVideoAccess: route(patientContracts.getVideoAccess, 'patients/video-access'),
  recordMeetingAccess: route(patientContracts.recordMeetingAccess, 'patients/meeting-access'),
  getPaymentVerification: route(
    patientContracts.getPaymentVerification,
    'patients/payment-verification',
  ),
  // The spec sends no body here; an empty JSON body is accepted.
  testPaymentComplete: route(
    paymentContracts.testPaymentComplete,
    'payments/test-payment-complete',
  ),
  // Not in the spec's table: the presigned upload path of DESIGN.md §6 and the client settings.
  createCaseUpload: route(uploadContracts.createCaseUpload, 'uploads/create-upload'),
  confirmCaseUpload: route(uploadContracts.confirmCaseUpload, 'uploads/confirm-upload'),
  getClientConfig: route(configContracts.getClientConfig, 'config/get-client-config'),
  getApplicationStatus: route(
    applicationContracts.getApplicationStatus,
    'doctor-applications/get-status',
  ),

  // ── Provider side (spec doc 2 §7) ───────────────────────────────────────────────────────
  providerLogin: route(providerContracts.providerLogin, 'providers/login'),
  listCases: route(caseContracts.listCases, NI, provider),
  getCaseDetails: route(caseContracts.getCaseDetails, NI, provider),
  claimCase: route(caseContracts.claimCase, NI, provider),
  startMeetingTimer: route(meetingContracts.startMeetingTimer, NI, provider),
  checkProviderEmail: route(providerContracts.checkProviderEmail, 'providers/check-email'),
  createDoctorApplication: route(
    applicationContracts.createDoctorApplication,
    'doctor-applications/create',
  ),
  uploadApplicationDocument: route(
    applicationContracts.uploadApplicationDocument,
    'doctor-applications/upload-document',
    // A 5 MB document plus the form's boundaries (spec doc 2 §5).
    { body: 'multipart', maxBodyBytes: Math.floor(5.5 * MB) },
  ),
  listCaseAttachments: route(caseContracts.listCaseAttachments, NI, provider),
  listApplicationAttachments: route(
    applicationContracts.listApplicationAttachments,
    'doctor-applications/list-documents',
    admin,
  ),

  // ── Administrator (spec doc 2 §7) ───────────────────────────────────────────────────────
  adminLogin: route(adminContracts.adminLogin, 'admin/login'),
  // Not in the spec's table: sign-out must end the session on the server (issue 4).
  adminLogout: route(adminContracts.adminLogout, 'admin/logout', admin),
  adminStats: route(adminContracts.adminStats, 'admin/stats', admin),
  adminListApplications: route(
    adminContracts.adminListApplications,
    'admin/list-applications',
    admin,
  ),
  adminListLogs: route(adminContracts.adminListLogs, 'admin/list-logs', admin),
  adminListCases: route(adminContracts.adminListCases, 'admin/list-cases', admin),
  adminApproveApplication: route(adminContracts.adminApproveApplication, 'admin/approve', admin),
  adminRejectApplication: route(adminContracts.adminRejectApplication, 'admin/reject', admin),

  // ── Payments (DESIGN.md §2): Stripe calls this; its signature, not an Origin, proves it. ──
  stripeWebhook: route(paymentContracts.stripeWebhook, 'payments/stripe-webhook', {
    body: 'raw',
    maxBodyBytes: 512 * KB,
    requireSameOrigin: false,
  }),
} as const satisfies Record<string, HttpRoute>;

export type HttpRouteId = keyof typeof httpRoutes;

export function routeKey(route: Pick<HttpRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Looks a route up by API Gateway's `routeKey` (e.g. `GET /api/cases/{caseId}/status`). */
export function findRouteByKey(key: string): HttpRoute | undefined {
  return Object.values(httpRoutes).find((route) => routeKey(route) === key);
}

/** WebSocket API routes (spec doc 2 §7: live alerts on `/ws`). */
export const webSocketRoutes = {
  $connect: 'realtime/connect',
  $disconnect: 'realtime/disconnect',
  $default: 'realtime/default',
} as const;
export type WebSocketRouteKey = keyof typeof webSocketRoutes;

/**
 * Functions that EventBridge Scheduler invokes (DESIGN.md §7), by function name. The meeting
 * end handler joins with the video issue; the local scheduler resolves target ARNs here.
 */
export const scheduledTargets: Readonly<Record<string, string>> = {};

/** The module path of a handler, relative to `functions/src/features/`. */
export function handlerModulePath(handler: string): string {
  return `${handler}.handler.ts`;
}
