/**
 * What each handler of the route manifest may do in AWS (issue 11 item 1): the one place the
 * stack's IAM grants come from (`infra/lib/handler-permissions.ts`), and the one place the local
 * stack checks every AWS call of a running handler against (`local/gateway/permission-check.ts`),
 * so an integration test that goes through the gateway fails where IAM would refuse in the cloud
 * (docs/security.md, "Permissions per function"). `infra/test/permissions.test.ts` checks that
 * the template grants exactly this.
 *
 * No handler imports this module (their bundles would grow); infra and the local stack do.
 */
import type { ManifestHandler } from './routes';

/**
 * Partition keys a handler may write, as the entity modules of `db/` build them: a value that
 * ends with `#` is a prefix (`CASE#` is every case partition), any other is one whole key. The
 * stack turns them into `dynamodb:LeadingKeys` conditions (`CASE#*`); the local check matches
 * them the same way.
 */
export const partitionKeys = {
  /** `db/admin-users.ts` */
  admin: 'ADMIN#',
  /** An application and what belongs to it: documents, pending documents, audit entries, slots. */
  application: 'APP#',
  /** A case and what belongs to it: meeting, payments, attachments, pending uploads, feedback. */
  case: 'CASE#',
  /** `db/connections.ts`: WebSocket connections. */
  connection: 'CONN#',
  /** `db/application-counters.ts`: the admin statistics. */
  applicationCounters: 'COUNTER#APPLICATIONS',
  /** `db/case-counters.ts`: the paid-cases counter. */
  paidCasesCounter: 'COUNTER#CASES',
  /** `db/case-counters.ts`: one provider's completed cases. */
  providerCounter: 'COUNTER#PROVIDER#',
  patient: 'PATIENT#',
  provider: 'PROVIDER#',
  providerLogin: 'PROVIDER_LOGIN#',
  /** `db/rate-limit-counters.ts` */
  rateLimit: 'RATE#',
  session: 'SESSION#',
  signInFailures: 'SIGNIN_FAILURES#',
  /** `db/stripe-events.ts`: one item per Stripe event handled. */
  stripeEvent: 'STRIPE_EVENT#',
  /** `db/unique-guards.ts`: emails, license numbers and record ids that must stay unique. */
  uniqueGuard: 'UNIQUE#',
  /** `db/realtime-tickets.ts` */
  realtimeTicket: 'WS_TICKET#',
} as const;
export type PartitionKey = (typeof partitionKeys)[keyof typeof partitionKeys];

/** Key prefixes of the uploads bucket (`features/uploads/object-keys.ts`). */
export const uploadPrefixes = {
  pendingCases: 'pending/cases/',
  cases: 'cases/',
  pendingApplications: 'pending/applications/',
  applications: 'applications/',
} as const;
export type UploadPrefix = (typeof uploadPrefixes)[keyof typeof uploadPrefixes];

/**
 * The handlers' secrets (`infra/lib/app-secrets.ts`): Stripe's keys, the room-link signing key,
 * and the header CloudFront adds to API requests.
 */
export const secretIds = ['stripe', 'room', 'originVerify'] as const;
export type SecretId = (typeof secretIds)[number];

export interface HandlerPermissions {
  readonly table?: {
    /** GetItem, BatchGetItem and Query on the table and its indexes. Never Scan. */
    readonly read?: true;
    /** PutItem, UpdateItem and DeleteItem (also inside transactions) on these partitions. */
    readonly write?: readonly PartitionKey[];
  };
  readonly uploads?: {
    /** GetObject: reading back, presigned downloads, and the source of a copy. */
    readonly read?: readonly UploadPrefix[];
    /** PutObject: presigned POSTs, inline uploads, and the target of a copy. */
    readonly write?: readonly UploadPrefix[];
    readonly delete?: readonly UploadPrefix[];
  };
  readonly secrets?: readonly SecretId[];
  /** `execute-api:ManageConnections`: WebSocket pushes and closes. */
  readonly push?: true;
  /** Create, read and delete one-time schedules of the stage's group (and pass its role). */
  readonly schedules?: true;
  /** `ses:SendEmail` as the stage's sender. */
  readonly email?: true;
  /** TURN credentials of the stage's Kinesis Video signaling channel. */
  readonly iceServers?: true;
}

/** Several fragments as one: lists are joined without repeats, flags kept when any sets them. */
export function combine(...parts: HandlerPermissions[]): HandlerPermissions {
  const union = <Value>(lists: (readonly Value[] | undefined)[]): Value[] | undefined => {
    const values = [...new Set(lists.flatMap((list) => list ?? []))];
    return values.length > 0 ? values : undefined;
  };
  const flag = (pick: (part: HandlerPermissions) => true | undefined) =>
    parts.some((part) => pick(part) === true) ? (true as const) : undefined;
  const read = flag((part) => part.table?.read);
  const write = union(parts.map((part) => part.table?.write));
  const uploadRead = union(parts.map((part) => part.uploads?.read));
  const uploadWrite = union(parts.map((part) => part.uploads?.write));
  const uploadDelete = union(parts.map((part) => part.uploads?.delete));
  const result = {
    table: read || write ? strip({ read, write }) : undefined,
    uploads:
      uploadRead || uploadWrite || uploadDelete
        ? strip({ read: uploadRead, write: uploadWrite, delete: uploadDelete })
        : undefined,
    secrets: union(parts.map((part) => part.secrets)),
    push: flag((part) => part.push),
    schedules: flag((part) => part.schedules),
    email: flag((part) => part.email),
    iceServers: flag((part) => part.iceServers),
  };
  return strip(result);
}

/** Drops undefined fields, so equal permissions compare equal. */
function strip<Value extends object>(value: Value): Value {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Value;
}

const k = partitionKeys;
const writes = (...keys: PartitionKey[]): HandlerPermissions => ({
  table: { read: true, write: keys },
});

// ── Fragments: what a shared piece of code needs, named once ───────────────────────────────
/** Reads only. */
const reads: HandlerPermissions = { table: { read: true } };
/** Every HTTP handler and `realtime/connect`: the header that proves CloudFront sent it. */
const behindCloudFront: HandlerPermissions = { secrets: ['originVerify'] };
/** Provider and admin routes: the session is read and its `lastSeenAt` touched. */
const signedIn = combine(behindCloudFront, writes(k.session));
/** Routes with a `rateLimit` (lib/http/middleware/rate-limit.ts): one counter per window. */
const rateLimited = writes(k.rateLimit);
/** `features/auth/login-limits.ts` and `sign-in.ts`: attempts counted, a session created. */
const signsIn = writes(k.rateLimit, k.signInFailures, k.session);
/** `lib/realtime/push.ts`: a gone connection's item is deleted. */
const pushes = combine({ push: true }, writes(k.connection));
/** `features/providers/end-access.ts`: sessions deleted, open connections closed. */
const endsProviderAccess = combine(pushes, writes(k.session));
/** `features/realtime/announce.ts`: a new paid case is pushed to listening providers. */
const announces = combine(pushes, reads);
/** `features/realtime/case-updates.ts`: a case change is pushed to its patient pages. */
const updatesPatients = combine(pushes, reads);
/** `features/meetings/end.ts`: the call completes, the provider's count grows, rooms close. */
const endsMeetings = combine(updatesPatients, writes(k.case, k.providerCounter), {
  schedules: true,
});
/** `features/payments/settle.ts`: a case is marked paid (join links signed, expiry scheduled). */
const settlesPayments = combine(
  announces,
  updatesPatients,
  writes(k.case, k.paidCasesCounter, k.stripeEvent),
  {
    schedules: true,
    secrets: ['stripe', 'room'],
  },
);
/**
 * `features/doctor-applications/review.ts`: the application, its audit entry and the counters
 * change; an approval creates the provider, its login and guards, a status change ends the
 * provider's access; the doctor is emailed.
 */
const reviewsApplications = combine(
  writes(k.application, k.applicationCounters, k.provider, k.providerLogin, k.uniqueGuard),
  endsProviderAccess,
  { email: true },
);
const downloads = (prefix: UploadPrefix): HandlerPermissions => ({ uploads: { read: [prefix] } });
/** `features/uploads/verified-copy.ts`: copy from `pending/`, check, drop the pending object. */
const keepsVerifiedCopy = (pending: UploadPrefix, final: UploadPrefix): HandlerPermissions => ({
  uploads: { read: [pending, final], write: [final], delete: [pending, final] },
});
const presignsUpload = (pending: UploadPrefix): HandlerPermissions => ({
  uploads: { write: [pending] },
});

const http = (...parts: HandlerPermissions[]) => combine(behindCloudFront, ...parts);
const u = uploadPrefixes;

/** Every handler of the manifest; the type refuses a missing or an unknown one. */
export const handlerPermissions: Readonly<Record<ManifestHandler, HandlerPermissions>> = {
  // Patient side
  'cases/create-case': http(
    rateLimited,
    writes(k.patient, k.case),
    { uploads: { write: [u.cases] } },
    announces,
  ),
  'patients/create-patient': http(rateLimited, writes(k.patient, k.case), announces),
  'cases/get-status': http(reads),
  'payments/create-checkout-session': http(rateLimited, settlesPayments),
  'payments/manual-payment-complete': http(rateLimited, settlesPayments),
  'payments/test-payment-complete': http(rateLimited, settlesPayments),
  'payments/stripe-webhook': http(settlesPayments),
  'cases/submit-feedback': http(writes(k.case), endsMeetings),
  'patients/video-access': http(reads),
  'patients/meeting-access': http(writes(k.case)),
  'patients/payment-verification': http(reads),
  'uploads/create-upload': http(rateLimited, writes(k.case), presignsUpload(u.pendingCases)),
  'uploads/confirm-upload': http(writes(k.case), keepsVerifiedCopy(u.pendingCases, u.cases)),
  'config/get-client-config': http(),
  'doctor-applications/get-status': http(rateLimited),
  'doctor-applications/create': http(
    rateLimited,
    writes(k.application, k.uniqueGuard, k.applicationCounters),
  ),
  'doctor-applications/upload-document': http(
    rateLimited,
    writes(k.application),
    presignsUpload(u.pendingApplications),
  ),
  'doctor-applications/confirm-document': http(
    writes(k.application),
    keepsVerifiedCopy(u.pendingApplications, u.applications),
  ),
  'providers/check-email': http(rateLimited),
  // Provider side
  'providers/login': http(signsIn),
  'providers/me': signedIn,
  'providers/change-password': combine(
    signedIn,
    signsIn,
    writes(k.providerLogin),
    endsProviderAccess,
  ),
  'providers/logout': combine(signedIn, endsProviderAccess),
  'realtime/create-ticket': combine(signedIn, writes(k.realtimeTicket)),
  // Public (issue 12): the case id is the capability; a case ticket is written.
  'realtime/create-case-ticket': http(writes(k.realtimeTicket)),
  'cases/list': signedIn,
  'cases/details': combine(signedIn, downloads(u.cases)),
  'cases/attachments': combine(signedIn, downloads(u.cases)),
  'cases/claim': combine(signedIn, writes(k.case), updatesPatients, { schedules: true }),
  'meetings/start-timer': combine(signedIn, writes(k.case), updatesPatients, { schedules: true }),
  'meetings/end': combine(signedIn, endsMeetings),
  // Public: the join link's token is the capability; a provider's session cookie is touched.
  'meetings/join-room': http(rateLimited, writes(k.session, k.realtimeTicket), {
    iceServers: true,
    secrets: ['room'],
  }),
  'doctor-applications/list-documents': combine(signedIn, downloads(u.applications)),
  // Administrator
  'admin/login': http(signsIn, writes(k.admin)),
  'admin/logout': signedIn,
  'admin/stats': signedIn,
  'admin/list-applications': signedIn,
  'admin/list-logs': signedIn,
  'admin/list-cases': signedIn,
  'admin/approve': combine(signedIn, reviewsApplications),
  'admin/reject': combine(signedIn, reviewsApplications),
  // WebSocket API
  'realtime/connect': combine(behindCloudFront, writes(k.connection, k.realtimeTicket)),
  'realtime/disconnect': pushes,
  'realtime/default': combine(pushes, endsMeetings),
  // EventBridge Scheduler targets
  'cases/release-claim': combine(writes(k.case), announces, updatesPatients),
  'meetings/end-meeting': endsMeetings,
  'cases/expire-case': combine(writes(k.case), updatesPatients, { secrets: ['stripe'] }),
  // API Gateway's authorizer of both APIs (docs/adr/0011-origin-authorizer.md): the origin-verify
  // secret, nothing else.
  'edge/origin-authorizer': behindCloudFront,
};

/** The declaration of a handler named by the manifest. */
export function permissionsOf(handler: string): HandlerPermissions {
  const permissions = (handlerPermissions as Readonly<Record<string, HandlerPermissions>>)[handler];
  if (!permissions) throw new Error(`No permissions declared for handler ${handler}`);
  return permissions;
}

/** Whether a partition key is one a declared key (whole, or a prefix ending in `#`) covers. */
export function partitionKeyAllowed(declared: readonly string[], key: string): boolean {
  return declared.some((pattern) =>
    pattern.endsWith('#') ? key.startsWith(pattern) : key === pattern,
  );
}

/** The `dynamodb:LeadingKeys` pattern of a declared key (`StringLike`: `*` is any suffix). */
export function leadingKeysPattern(declared: PartitionKey): string {
  return declared.endsWith('#') ? `${declared}*` : declared;
}
