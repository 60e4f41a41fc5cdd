/**
 * The route manifest: every HTTP route of the spec (doc 1 §7, doc 2 §7) plus the Stripe webhook,
 * and the WebSocket routes. The local gateway and the CDK stack both read this file, so a route
 * exists in exactly one place. It holds data only (no handler imports) so that reading it costs
 * nothing at cold start and CDK never loads runtime code.
 *
 * `handler` names a module under `functions/src/features/` (without `.handler.ts`); each module
 * exports `handler`. Routes that a later issue builds point at `not-implemented`, which still
 * enforces the route's access level before answering 501.
 */

export type Access = 'public' | 'provider' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What the route accepts as a body: the framework refuses anything else with 415. */
export type BodyKind = 'none' | 'json' | 'multipart' | 'raw';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  readonly path: string;
  readonly handler: string;
  readonly access: Access;
  readonly body: BodyKind;
  /** Largest body accepted, in bytes, after any base64 decoding. */
  readonly maxBodyBytes: number;
  /**
   * Browser-originated state changes must carry a same-origin `Origin` (DESIGN.md §6). Only
   * server-to-server routes whose authenticity is proven otherwise (Stripe's signature) opt out.
   */
  readonly requireSameOrigin: boolean;
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

function get(path: string, handler: string, access: Access = 'public'): HttpRoute {
  return {
    method: 'GET',
    path,
    handler,
    access,
    body: 'none',
    maxBodyBytes: 0,
    requireSameOrigin: false,
  };
}

function post(
  path: string,
  handler: string,
  access: Access = 'public',
  body: BodyKind = 'json',
  maxBodyBytes = body === 'multipart' ? INLINE_MULTIPART_LIMIT : JSON_LIMIT,
): HttpRoute {
  return { method: 'POST', path, handler, access, body, maxBodyBytes, requireSameOrigin: true };
}

const NI = 'not-implemented';

export const httpRoutes = {
  // ── Patient side (spec doc 1 §7) ────────────────────────────────────────────────────────
  createCase: post('/api/cases', 'cases/create-case', 'public', 'multipart'),
  createPatient: post('/api/patients', 'patients/create-patient'),
  getCaseStatus: get('/api/cases/{caseId}/status', 'cases/get-status'),
  createCheckoutSession: post('/api/create-checkout-session', 'payments/create-checkout-session'),
  manualPaymentComplete: post('/api/manual-payment-complete', 'payments/manual-payment-complete'),
  submitFeedback: post('/api/cases/{caseId}/feedback', NI),
  getVideoAccess: get('/api/patients/{patientId}/video-access', 'patients/video-access'),
  recordMeetingAccess: post('/api/patients/{patientId}/meeting-access', 'patients/meeting-access'),
  getPaymentVerification: get(
    '/api/patients/{patientId}/payment-verification',
    'patients/payment-verification',
  ),
  // The spec sends no body here; an empty JSON body is accepted.
  testPaymentComplete: post(
    '/api/test/payment-complete/{patientId}',
    'payments/test-payment-complete',
  ),
  // Not in the spec's table: the presigned upload path of DESIGN.md §6 and the client settings.
  createCaseUpload: post('/api/cases/{caseId}/uploads', 'uploads/create-upload'),
  confirmCaseUpload: post('/api/cases/{caseId}/attachments', 'uploads/confirm-upload'),
  getClientConfig: get('/api/config', 'config/get-client-config'),
  getApplicationStatus: get(
    '/api/doctor-applications/status/{applicationId}',
    'doctor-applications/get-status',
  ),

  // ── Provider side (spec doc 2 §7) ───────────────────────────────────────────────────────
  providerLogin: post('/api/provider/login', 'providers/login'),
  listCases: get('/api/cases', NI, 'provider'),
  getCaseDetails: get('/api/cases/{caseId}/details', NI, 'provider'),
  claimCase: post('/api/cases/claim', NI, 'provider'),
  startMeetingTimer: post('/api/meetings/{caseId}/start-timer', NI, 'provider'),
  checkProviderEmail: get('/api/providers/check-email', 'providers/check-email'),
  createDoctorApplication: post('/api/doctor-applications', 'doctor-applications/create'),
  uploadApplicationDocument: post(
    '/api/doctor-applications/{applicationId}/upload',
    'doctor-applications/upload-document',
    'public',
    'multipart',
    // A 5 MB document plus the form's boundaries (spec doc 2 §5).
    Math.floor(5.5 * MB),
  ),
  listCaseAttachments: get('/api/cases/{caseId}/attachments', NI, 'provider'),
  listApplicationAttachments: get(
    '/api/doctor-applications/{applicationId}/attachments',
    'doctor-applications/list-documents',
    'admin',
  ),

  // ── Administrator (spec doc 2 §7) ───────────────────────────────────────────────────────
  adminLogin: post('/api/admin/login', 'admin/login'),
  // Not in the spec's table: sign-out must end the session on the server (issue 4).
  adminLogout: post('/api/admin/logout', 'admin/logout', 'admin'),
  adminStats: get('/api/admin/stats', 'admin/stats', 'admin'),
  adminListApplications: get('/api/admin/applications', 'admin/list-applications', 'admin'),
  adminListLogs: get('/api/admin/logs', 'admin/list-logs', 'admin'),
  adminListCases: get('/api/admin/cases', 'admin/list-cases', 'admin'),
  adminApproveApplication: post(
    '/api/admin/applications/{applicationId}/approve',
    'admin/approve',
    'admin',
  ),
  adminRejectApplication: post(
    '/api/admin/applications/{applicationId}/reject',
    'admin/reject',
    'admin',
  ),

  // ── Payments (DESIGN.md §2): Stripe calls this; its signature, not an Origin, proves it. ──
  stripeWebhook: {
    method: 'POST',
    path: '/api/stripe/webhook',
    handler: 'payments/stripe-webhook',
    access: 'public',
    body: 'raw',
    maxBodyBytes: 512 * KB,
    requireSameOrigin: false,
  },
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
