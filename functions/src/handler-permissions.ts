/**
 * What each handler of the route manifest may do in AWS (issue 11 item 1): the one place the
 * stack's IAM grants come from (`infra/lib/handler-permissions.ts`), and the one place the local
 * stack checks every AWS call of a running handler against (`local/gateway/permission-check.ts`),
 * so an integration test that goes through the gateway fails where IAM would refuse in the cloud
 * (docs/security.md, "Permissions per function"). `infra/test/permissions.test.ts` checks that
 * the template grants exactly this.
 *
 * No handler imports this module (their bundles would grow); infra and the local stack do. The
 * table's partitions and attributes come from the entity modules of `db/` that build the keys
 * (issue 30 item 2), so infra loads those modules too: they create no client at import.
 */
import { ADMIN_PREFIX, ADMIN_STATUS_ATTRIBUTES } from './db/admin-users';
import { APPLICATION_COUNTERS_PARTITION } from './db/application-counters';
import { ACCESS_RECORD_PREFIX } from './db/audit-log';
import { PAID_CASES_COUNTER_PARTITION, PROVIDER_COUNTER_PREFIX } from './db/case-counters';
import { CASE_QUEUE, PAID_CASES, PROVIDER_CASES_PREFIX } from './db/cases/keys';
import { CLAIM_LEASE_PREFIX } from './db/claim-leases';
import { CLAIM_SLOTS_PREFIX } from './db/claim-slots';
import {
  CASE_CONNECTIONS_PREFIX,
  CASE_PAGES_PREFIX,
  CONNECTION_PREFIX,
  PROVIDER_CONNECTIONS_PREFIX,
  PROVIDER_ROOM_CONNECTIONS_PREFIX,
  ROOM_CONNECTIONS_PREFIX,
} from './db/connections';
import { APPLICATION_PREFIX, CASE_PREFIX, lists } from './db/keys';
import { PATIENT_PREFIX } from './db/patients';
import { PENDING_SIGN_IN_PREFIX } from './db/pending-sign-ins';
import { PROVIDER_LOGIN_EXISTS_ATTRIBUTES, PROVIDER_LOGIN_PREFIX } from './db/provider-logins';
import { PROVIDER_PREFIX } from './db/providers';
import { QUEUE_FAN_OUT_PARTITION } from './db/queue-fan-out';
import { RATE_LIMIT_PREFIX } from './db/rate-limit-counters';
import { REALTIME_TICKET_PREFIX } from './db/realtime-tickets';
import { SECOND_FACTOR_PREFIX } from './db/second-factors';
import { SESSION_PREFIX, SESSION_TOUCH_ATTRIBUTE, SUBJECT_SESSIONS_PREFIX } from './db/sessions';
import { SIGN_IN_FAILURES_PREFIX } from './db/sign-in-failures';
import { STRIPE_EVENT_PREFIX } from './db/stripe-events';
import type { GsiName } from './db/table-definition';
import { UNIQUE_GUARD_PREFIX } from './db/unique-guards';
import { WAIT_STATS_PARTITION } from './db/wait-stats';
import { WAITING_BASELINE_PARTITION, WAITING_COUNTER_PREFIX } from './db/waiting-counter';
import type { ManifestHandler } from './routes';

/**
 * Partition keys a handler may read or write, taken from the entity modules of `db/` that build
 * them, so a key and its grant cannot drift apart: a value that ends with `#` is a prefix
 * (`CASE#` is every case partition), any other is one whole key. The stack turns them into
 * `dynamodb:LeadingKeys` conditions (`CASE#*`); the local check matches them the same way.
 */
export const partitionKeys = {
  /** `db/audit-log.ts` `recordAccess`: one access record per partition, written once. */
  accessRecord: ACCESS_RECORD_PREFIX,
  /** `db/admin-users.ts`: the account and its password hash. */
  admin: ADMIN_PREFIX,
  /** An application and what belongs to it: documents, pending documents, audit entries, slots. */
  application: APPLICATION_PREFIX,
  /** A case and what belongs to it: meeting, payments, attachments, pending uploads, feedback. */
  case: CASE_PREFIX,
  /** `db/claim-leases.ts`: a claim's lease, until the claim ends (the lapsed leases' count). */
  claimLease: CLAIM_LEASE_PREFIX,
  /** `db/claim-slots.ts`: the live claims of one provider (MAX_ACTIVE_CLAIMS). */
  claimSlots: CLAIM_SLOTS_PREFIX,
  /** `db/connections.ts`: WebSocket connections. */
  connection: CONNECTION_PREFIX,
  /** `db/application-counters.ts`: the admin statistics. */
  applicationCounters: APPLICATION_COUNTERS_PARTITION,
  /** `db/case-counters.ts`: the paid-cases counter. */
  paidCasesCounter: PAID_CASES_COUNTER_PARTITION,
  /** `db/case-counters.ts`: one provider's completed cases. */
  providerCounter: PROVIDER_COUNTER_PREFIX,
  /** `db/waiting-counter.ts`: the shards of the waiting (stored paid) cases' count. */
  waitingCounter: WAITING_COUNTER_PREFIX,
  /** `db/waiting-counter.ts`: that count's baseline, recounted once (docs/adr/0027). */
  waitingBaseline: WAITING_BASELINE_PARTITION,
  /** `db/second-factors.ts`: a provider's or admin's TOTP secret and recovery code hashes. */
  secondFactor: SECOND_FACTOR_PREFIX,
  /** `db/patients.ts`: a patient's name and contact details. */
  patient: PATIENT_PREFIX,
  provider: PROVIDER_PREFIX,
  /** `db/provider-logins.ts`: a provider's sign-in and its password hash. */
  providerLogin: PROVIDER_LOGIN_PREFIX,
  /** `db/pending-sign-ins.ts`: a sign-in between its password and its code, by token hash. */
  pendingSignIn: PENDING_SIGN_IN_PREFIX,
  /** `db/rate-limit-counters.ts` */
  rateLimit: RATE_LIMIT_PREFIX,
  /** `db/sessions.ts`: a session, under the hash of its token. */
  session: SESSION_PREFIX,
  signInFailures: SIGN_IN_FAILURES_PREFIX,
  /** `db/stripe-events.ts`: one item per Stripe event handled. */
  stripeEvent: STRIPE_EVENT_PREFIX,
  /** `db/wait-stats.ts`: the rolling samples of the wait estimate and its accuracy. */
  waitStats: WAIT_STATS_PARTITION,
  /** `db/queue-fan-out.ts`: the queue's fan-out state and the marks of its last pass. */
  queueFanOut: QUEUE_FAN_OUT_PARTITION,
  /** `db/unique-guards.ts`: emails, license numbers and record ids that must stay unique. */
  uniqueGuard: UNIQUE_GUARD_PREFIX,
  /** `db/realtime-tickets.ts` */
  realtimeTicket: REALTIME_TICKET_PREFIX,
} as const;
export type PartitionKey = (typeof partitionKeys)[keyof typeof partitionKeys];

/**
 * Partitions of the secondary indexes a handler may query, the keys taken from the entity
 * modules that build the index keys (docs/access-patterns.md): a value ending with `#` is a
 * prefix, any other one whole index partition. A Query on an index names that index's partition
 * key, so the stack turns these into `dynamodb:LeadingKeys` conditions on the index's ARN.
 */
export const indexPartitions = {
  /** `db/doctor-applications.ts`: the admin's application list. */
  applications: { index: 'gsi1', key: lists.applications },
  /** `db/audit-log.ts`: the admin's log list. */
  auditLogs: { index: 'gsi1', key: lists.auditLogs },
  /** `db/cases/lists.ts`: the admin's case list. */
  cases: { index: 'gsi1', key: lists.cases },
  /** `db/connections.ts`: every open alert socket (the new-case announcement). */
  alertConnections: { index: 'gsi1', key: lists.connections },
  /** `db/claim-leases.ts`: the claims' leases by their end (the lapsed ones are counted). */
  claimLeases: { index: 'gsi1', key: lists.claimLeases },
  /** `db/connections.ts`: one provider's doctor room sockets. */
  providerRoomConnections: { index: 'gsi1', key: PROVIDER_ROOM_CONNECTIONS_PREFIX },
  /** `db/cases/lists.ts`: the waiting queue. */
  caseQueue: { index: 'gsi2', key: CASE_QUEUE },
  /** `db/cases/queue.ts`: the waiting queue on the small `queue` index (place counts, the fan-out). */
  queueOrder: { index: 'queue', key: CASE_QUEUE },
  /** `db/connections.ts`: every open patient page, on `CASE_PAGE_SHARDS` lists (the fan-out). */
  casePages: { index: 'gsi1', key: CASE_PAGES_PREFIX },
  /** `db/sessions.ts`: every session of one account. */
  subjectSessions: { index: 'gsi2', key: SUBJECT_SESSIONS_PREFIX },
  /** `db/connections.ts`: one provider's alert sockets. */
  providerConnections: { index: 'gsi2', key: PROVIDER_CONNECTIONS_PREFIX },
  /** `db/connections.ts`: the sockets of one call's room. */
  roomConnections: { index: 'gsi2', key: ROOM_CONNECTIONS_PREFIX },
  /** `db/connections.ts`: the patient pages watching one case. */
  caseConnections: { index: 'gsi2', key: CASE_CONNECTIONS_PREFIX },
  /** `db/cases/lists.ts`: one provider's own cases. */
  providerCases: { index: 'gsi3', key: PROVIDER_CASES_PREFIX },
  /** `db/cases/lists.ts`: every paid case (the All list). */
  paidCases: { index: 'gsi4', key: PAID_CASES },
} as const satisfies Record<string, { index: GsiName; key: string }>;
export type IndexPartition = (typeof indexPartitions)[keyof typeof indexPartitions];

/**
 * A read of some attributes only (a `ProjectionExpression`) of items whose other attributes the
 * handler may not read: the stack grants `GetItem` with `dynamodb:Attributes` limited to these
 * names and `dynamodb:Select` = `SPECIFIC_ATTRIBUTES`. The key attributes are always among them
 * (DynamoDB needs them to find the item).
 */
export interface FieldRead {
  readonly key: PartitionKey;
  readonly attributes: readonly string[];
}

/** The key attributes and then those a read projects, each once. */
const withKeys = (projected: readonly string[]): string[] => [
  ...new Set(['pk', 'sk', ...projected]),
];

/** The hash-free reads of the two items that hold password hashes, as their modules project them. */
export const fieldReads = {
  /** `db/admin-users.ts` `adminStatusRead`: whether an admin session's account may still act. */
  adminStatus: { key: ADMIN_PREFIX, attributes: withKeys(ADMIN_STATUS_ATTRIBUTES) },
  /** `db/provider-logins.ts` `providerLoginExists`: whether an email signs a provider in. */
  providerLoginExists: {
    key: PROVIDER_LOGIN_PREFIX,
    attributes: withKeys(PROVIDER_LOGIN_EXISTS_ATTRIBUTES),
  },
} as const satisfies Record<string, FieldRead>;

/**
 * What the session touch (`db/sessions.ts` `touchSession`) may change: its `lastSeenAt`, on a
 * session that exists. The stack grants `UpdateItem` on `SESSION#*` with `dynamodb:Attributes`
 * limited to these and `dynamodb:ReturnValues` never `ALL_OLD`/`ALL_NEW`, so a handler that
 * only touches sessions can neither read one back, nor mint (a role, a subject) or delete one.
 */
export const sessionTouch = {
  key: SESSION_PREFIX,
  attributes: withKeys([SESSION_TOUCH_ATTRIBUTE]),
  returnValues: ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'],
} as const;

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
    /**
     * GetItem, BatchGetItem and Query of whole items of the table in these partitions (also
     * inside TransactGetItems). Never Scan.
     */
    readonly read?: readonly PartitionKey[];
    /** Query on these partitions of the secondary indexes. */
    readonly indexes?: readonly IndexPartition[];
    /** GetItem of only some attributes of these partitions (`fieldReads`). */
    readonly readFields?: readonly FieldRead[];
    /** PutItem, UpdateItem and DeleteItem (also inside transactions) on these partitions. */
    readonly write?: readonly PartitionKey[];
    /**
     * PutItem only, answering nothing back (`ReturnValues` NONE): append-only records a handler
     * adds but can neither change, delete nor read (the access records of issue 25 item 5).
     */
    readonly append?: readonly PartitionKey[];
    /** UpdateItem of a session's `lastSeenAt` only (`sessionTouch`). */
    readonly touchSessions?: true;
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
  /** Create, read, move and delete one-time schedules of the stage's group (and pass its role). */
  readonly schedules?: true;
  /** `ses:SendEmail` as the stage's sender. */
  readonly email?: true;
  /** TURN credentials of the stage's Kinesis Video signaling channel. */
  readonly iceServers?: true;
  /** `lambda:InvokeFunction` of the queue's fan-out worker (docs/adr/0028), nothing else. */
  readonly fansOutQueue?: true;
}

/** Several fragments as one: lists are joined without repeats, flags kept when any sets them. */
export function combine(...parts: HandlerPermissions[]): HandlerPermissions {
  const union = <Value>(lists: (readonly Value[] | undefined)[]): Value[] | undefined => {
    // Objects (index partitions, field reads) are the same when they say the same.
    const byValue = new Map(lists.flatMap((list) => list ?? []).map((v) => [JSON.stringify(v), v]));
    return byValue.size > 0 ? [...byValue.values()] : undefined;
  };
  const flag = (pick: (part: HandlerPermissions) => true | undefined) =>
    parts.some((part) => pick(part) === true) ? (true as const) : undefined;
  const tables = parts.map((part) => part.table);
  const write = union(tables.map((t) => t?.write));
  const table = strip({
    read: union(tables.map((t) => t?.read)),
    indexes: union(tables.map((t) => t?.indexes)),
    readFields: union(tables.map((t) => t?.readFields)),
    write,
    append: union(tables.map((t) => t?.append)),
    // A handler that writes sessions whole (signs in, ends them) needs no touch of its own.
    touchSessions: write?.includes(partitionKeys.session)
      ? undefined
      : flag((part) => part.table?.touchSessions),
  });
  const uploadRead = union(parts.map((part) => part.uploads?.read));
  const uploadWrite = union(parts.map((part) => part.uploads?.write));
  const uploadDelete = union(parts.map((part) => part.uploads?.delete));
  const result = {
    table: Object.keys(table).length > 0 ? table : undefined,
    uploads:
      uploadRead || uploadWrite || uploadDelete
        ? strip({ read: uploadRead, write: uploadWrite, delete: uploadDelete })
        : undefined,
    secrets: union(parts.map((part) => part.secrets)),
    push: flag((part) => part.push),
    schedules: flag((part) => part.schedules),
    email: flag((part) => part.email),
    iceServers: flag((part) => part.iceServers),
    fansOutQueue: flag((part) => part.fansOutQueue),
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
const ix = indexPartitions;
const reads = (...keys: PartitionKey[]): HandlerPermissions => ({ table: { read: keys } });
const queries = (...partitions: IndexPartition[]): HandlerPermissions => ({
  table: { indexes: partitions },
});
const writes = (...keys: PartitionKey[]): HandlerPermissions => ({ table: { write: keys } });

// ── Fragments: what a shared piece of code needs, named once ───────────────────────────────
/** Every HTTP handler and `realtime/connect`: the header that proves CloudFront sent it. */
const behindCloudFront: HandlerPermissions = { secrets: ['originVerify'] };
/**
 * `lib/auth/sessions.ts` `resolveSession`: the session is read and its `lastSeenAt` touched
 * (only that: `touchSessions`, never a Put or Delete of a session).
 */
const checksSession: HandlerPermissions = { table: { read: [k.session], touchSessions: true } };
/** `lib/auth/authorize.ts`: a provider's session, then the account (`PROVIDER#`, no hash). */
const checksProvider = combine(checksSession, reads(k.provider));
/** Provider routes. */
const signedInProvider = combine(behindCloudFront, checksProvider);
/** Admin routes: the account's id and `isActive` only, never its password hash. */
const signedInAdmin = combine(behindCloudFront, checksSession, {
  table: { readFields: [fieldReads.adminStatus] },
});
/** Routes with a `rateLimit` (lib/http/middleware/rate-limit.ts): one counter per window. */
const rateLimited = writes(k.rateLimit);
/** `features/auth/login-limits.ts`: attempts counted. */
const countsSignIns = combine(reads(k.signInFailures), writes(k.rateLimit, k.signInFailures));
/** `features/auth/login-limits.ts` and `sign-in.ts`: attempts counted, a session created. */
const signsIn = combine(countsSignIns, writes(k.session));
/**
 * `features/auth/second-factor.ts` `challengeSecondFactor`, the password step: the factor is
 * looked up, a pending sign-in stored; no session.
 */
const challengesSecondFactor = combine(
  countsSignIns,
  reads(k.secondFactor),
  writes(k.pendingSignIn),
);
/**
 * `completeSecondFactor`, the code step: the pending sign-in is read and taken, the factor read
 * and its used step or recovery code written (or enrolled), then a session created.
 */
const completesSecondFactor = combine(
  signsIn,
  reads(k.pendingSignIn, k.secondFactor),
  writes(k.pendingSignIn, k.secondFactor),
);
/** `lib/auth/sessions.ts` `endSessions`/`revokeSession`: sessions deleted. */
const endsSessions = writes(k.session);
/** `lib/realtime/push.ts`: a gone connection's item is deleted. */
const pushes: HandlerPermissions = { push: true, table: { write: [k.connection] } };
/** `lib/realtime/room-push.ts`: the sockets of a call's room hear it or are closed. */
const pushesToRooms = combine(pushes, queries(ix.roomConnections));
/**
 * `lib/realtime/close-connections.ts`: a provider's alert and room sockets are closed, the
 * rooms' patient pages told.
 */
const closesProviderSockets = combine(
  pushesToRooms,
  queries(ix.providerConnections, ix.providerRoomConnections),
);
/** `features/providers/end-access.ts`: every session of the provider ends, sockets close. */
const endsProviderAccess = combine(
  endsSessions,
  queries(ix.subjectSessions),
  closesProviderSockets,
);
/**
 * `lib/realtime/listeners.ts`: a provider socket's session and account are re-checked
 * before it hears anything (the session is read, never touched).
 */
const checksListeners = reads(k.session, k.provider);
/** `lib/realtime/announce.ts`: a new paid case is pushed to every listening provider. */
const announces = combine(pushes, queries(ix.alertConnections), checksListeners);
/**
 * `features/cases/queue-wait.ts` `caseWaitOf`: the marks of the queue's last fan-out and the few
 * cases between the nearest mark and the case (the `queue` index), the doctors on duty
 * (`features/providers/on-duty.ts`: the alert list) and the wait statistics.
 */
const estimatesWait = combine(
  queries(ix.queueOrder, ix.alertConnections),
  reads(k.waitStats, k.queueFanOut),
);
/**
 * `lib/realtime/queue-changed.ts`: a change of the queue arms the fan-out (one conditional
 * write) and, when no worker holds it, starts the worker (issue 29, docs/adr/0028).
 */
const startsQueueFanOut: HandlerPermissions = {
  table: { write: [k.queueFanOut] },
  fansOutQueue: true,
};
/**
 * `lib/realtime/case-updates.ts`: a case change is pushed to its patient pages, and a
 * change that moves the queue starts the queue's fan-out.
 */
const updatesPatients = combine(pushes, queries(ix.caseConnections), startsQueueFanOut);
/** `features/cases/wait-samples.ts`: a claim delay or a call's length, or an estimate judged. */
const samplesWait = combine(reads(k.waitStats), writes(k.waitStats));
/**
 * `features/realtime/presence.ts`: a case's `patientSeenAt` written, its patient pages counted,
 * and the holding doctor's alert sockets re-checked and pushed to.
 */
const tellsPresence = combine(
  pushes,
  checksListeners,
  writes(k.case),
  queries(ix.caseConnections, ix.providerConnections),
);
/**
 * `lib/realtime/room-parties.ts`: a room's current parties, the doctor's re-checked (claim,
 * session, account) before it hears anything.
 */
const pushesToParties = combine(pushesToRooms, checksListeners);
/** `db/cases/bundle.ts` `getCaseBundle`: a case and what belongs to it, one Query of its partition. */
const readsCases = reads(k.case);
/**
 * `db/cases/`: a transition into or out of the waiting queue writes, in its transaction, the
 * waiting counter's shard and the claim's lease item (docs/adr/0027).
 */
const movesQueue = writes(k.waitingCounter, k.claimLease);
/**
 * `features/patients/load.ts`: a patient's case from the patient id; a case stored before the
 * patient's copy sat in its partition (or an unknown id) reads the patient item first.
 */
const loadsPatientCases = reads(k.case, k.patient);
/**
 * `features/payments/settlement.ts` `requestSettlement`: the payment's decision and outcome are
 * written, the capture or void asked of Stripe, a failure's retry scheduled, the patient's pages
 * pushed (docs/adr/0024).
 */
const settlesMoney = combine(readsCases, writes(k.case), updatesPatients, {
  schedules: true,
  secrets: ['stripe'],
});
/**
 * `features/meetings/end.ts`: the call completes, the provider's count grows, rooms close; or a
 * call the patient never joined is cancelled (docs/adr/0023); the payment is captured or voided.
 */
const endsMeetings = combine(
  readsCases,
  updatesPatients,
  pushesToRooms,
  // A completed call's length is a sample of the wait estimate (issue 28 item 5).
  samplesWait,
  writes(k.case, k.providerCounter),
  // The payment is captured or voided (docs/adr/0024); the end schedule is deleted.
  settlesMoney,
);
/**
 * `features/meetings/media-account.ts`: the meeting's dropped-call account is read and written
 * (`$disconnect` counts a party's last connection closing as no media).
 */
const accountsMedia = combine(readsCases, writes(k.case));
/**
 * `features/cases/settle-payment.ts`: a case is marked paid (join links signed, expiry scheduled).
 */
const settlesPayments = combine(
  readsCases,
  announces,
  updatesPatients,
  // The estimate given at payment is stored with the case (issue 28 item 5).
  estimatesWait,
  writes(k.case, k.paidCasesCounter, k.stripeEvent),
  movesQueue,
  // The webhook records Stripe's own captures and voids (docs/adr/0024).
  settlesMoney,
  {
    schedules: true,
    secrets: ['stripe', 'room'],
  },
);
/** `db/doctor-applications.ts` `getDoctorApplication`: an application by its id. */
const readsApplications = reads(k.application);
/**
 * `db/doctor-applications.ts` `getDoctorApplicationByRef`: an application by its id or by its
 * record id (the admin list's id), through the record-id guard.
 */
const findsApplications = reads(k.application, k.uniqueGuard);
/**
 * `features/doctor-applications/review.ts`: the application is found by its reference; it, its
 * audit entry and the counters change; an approval creates the provider, its login and guards
 * without reading them, a status change ends the provider's access; the doctor is emailed.
 */
const reviewsApplications = combine(
  findsApplications,
  writes(k.application, k.applicationCounters, k.provider, k.providerLogin, k.uniqueGuard),
  endsProviderAccess,
  { email: true },
);
/**
 * `features/cases/access-records.ts`: a read of patient data is recorded (issue 25 item 5). A
 * Put only (`append`): the handler can neither read back, change nor delete a record.
 */
const recordsAccess: HandlerPermissions = { table: { append: [k.accessRecord] } };
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
  'cases/get-status': http(readsCases),
  'cases/get-wait': http(readsCases, estimatesWait),
  'payments/create-checkout-session': http(rateLimited, settlesPayments),
  'payments/manual-payment-complete': http(rateLimited, settlesPayments),
  'payments/test-payment-complete': http(rateLimited, loadsPatientCases, settlesPayments),
  'payments/stripe-webhook': http(settlesPayments),
  'cases/submit-feedback': http(writes(k.case), endsMeetings),
  'patients/video-access': http(loadsPatientCases),
  'patients/meeting-access': http(loadsPatientCases, writes(k.case)),
  'patients/payment-verification': http(loadsPatientCases),
  'uploads/create-upload': http(
    rateLimited,
    readsCases,
    writes(k.case),
    presignsUpload(u.pendingCases),
  ),
  'uploads/confirm-upload': http(
    readsCases,
    writes(k.case),
    keepsVerifiedCopy(u.pendingCases, u.cases),
  ),
  'config/get-client-config': http(),
  // The alert list's heartbeat times only (db/connections.ts `dutySignals`), no rate limit: a
  // counter write per call would cost more than the cached count it guards (docs/security.md).
  'providers/doctors-on-duty': http(queries(ix.alertConnections)),
  'doctor-applications/get-status': http(rateLimited, readsApplications),
  'doctor-applications/create': http(
    rateLimited,
    writes(k.application, k.uniqueGuard, k.applicationCounters),
  ),
  'doctor-applications/upload-document': http(
    rateLimited,
    readsApplications,
    writes(k.application),
    presignsUpload(u.pendingApplications),
  ),
  'doctor-applications/confirm-document': http(
    readsApplications,
    writes(k.application),
    keepsVerifiedCopy(u.pendingApplications, u.applications),
  ),
  'providers/check-email': http(rateLimited, reads(k.uniqueGuard), {
    table: { readFields: [fieldReads.providerLoginExists] },
  }),
  // Provider side
  'providers/login': http(challengesSecondFactor, reads(k.providerLogin, k.provider)),
  'providers/login-code': http(completesSecondFactor, reads(k.provider)),
  'providers/me': signedInProvider,
  'providers/change-password': combine(
    signedInProvider,
    signsIn,
    reads(k.providerLogin),
    // The new hash and, on the provider item, its credentials version (issue 25).
    writes(k.providerLogin, k.provider),
    endsProviderAccess,
  ),
  'providers/logout': combine(signedInProvider, endsSessions, closesProviderSockets),
  'realtime/create-ticket': combine(signedInProvider, rateLimited, writes(k.realtimeTicket)),
  // Public (issue 12): the case id is the capability; a case ticket is written.
  'realtime/create-case-ticket': http(rateLimited, readsCases, writes(k.realtimeTicket)),
  'cases/list': combine(
    signedInProvider,
    // The case item: a search by a whole case id reads it by its key.
    reads(k.case, k.paidCasesCounter, k.providerCounter, k.waitingCounter, k.waitingBaseline),
    queries(ix.caseQueue, ix.providerCases, ix.paidCases, ix.claimLeases),
    // A stage older than the waiting counter: its baseline, recounted once (docs/adr/0027).
    writes(k.waitingBaseline),
  ),
  'cases/details': combine(
    signedInProvider,
    readsCases,
    reads(k.patient),
    downloads(u.cases),
    recordsAccess,
  ),
  'cases/attachments': combine(signedInProvider, readsCases, downloads(u.cases), recordsAccess),
  'cases/claim': combine(
    signedInProvider,
    rateLimited,
    readsCases,
    reads(k.claimSlots),
    // The claim delay's sample: when the doctor came on duty (their dashboards' opening).
    queries(ix.providerConnections),
    writes(k.case, k.claimSlots),
    movesQueue,
    updatesPatients,
    samplesWait,
    { schedules: true },
  ),
  // A home nurse visit's steps (docs/adr/0022); 'not reached' refunds through Stripe.
  'cases/nurse-visit': combine(signedInProvider, settlesMoney),
  'meetings/start-timer': combine(
    signedInProvider,
    readsCases,
    writes(k.case),
    movesQueue,
    updatesPatients,
    samplesWait,
    pushesToParties,
    { schedules: true },
  ),
  'meetings/end': combine(signedInProvider, endsMeetings),
  // Public: the join link's token is the capability; a provider's session cookie is checked.
  // It stores the party's join time on the case (docs/adr/0023).
  'meetings/join-room': http(
    rateLimited,
    readsCases,
    checksProvider,
    writes(k.realtimeTicket, k.case),
    {
      iceServers: true,
      secrets: ['room'],
    },
  ),
  'doctor-applications/list-documents': combine(
    signedInAdmin,
    findsApplications,
    downloads(u.applications),
  ),
  // Administrator
  'admin/login': http(challengesSecondFactor, reads(k.admin)),
  'admin/login-code': http(completesSecondFactor, reads(k.admin), writes(k.admin)),
  // Issue 25: the factor is deleted beside its audit entry; the provider's access ends.
  'admin/reset-second-factor': combine(
    signedInAdmin,
    findsApplications,
    writes(k.secondFactor, k.application),
    endsProviderAccess,
  ),
  'admin/logout': combine(signedInAdmin, endsSessions),
  'admin/stats': combine(signedInAdmin, reads(k.applicationCounters, k.waitStats)),
  'admin/list-applications': combine(signedInAdmin, queries(ix.applications)),
  'admin/list-logs': combine(signedInAdmin, queries(ix.auditLogs)),
  // Each row's current payment: a Query of its case partition's payment items (docs/adr/0024).
  'admin/list-cases': combine(
    signedInAdmin,
    queries(ix.cases),
    reads(k.patient, k.case),
    recordsAccess,
  ),
  'admin/approve': combine(signedInAdmin, reviewsApplications),
  'admin/reject': combine(signedInAdmin, reviewsApplications),
  // WebSocket API: a provider socket's ticket names a session, re-checked; a room's the case
  // (and the doctor's the session too).
  'realtime/connect': combine(
    behindCloudFront,
    readsCases,
    checksListeners,
    pushesToRooms,
    tellsPresence,
    writes(k.connection, k.realtimeTicket),
  ),
  'realtime/disconnect': combine(pushesToRooms, accountsMedia, tellsPresence),
  // A media report may move the end (docs/adr/0019): the meeting's and the case's `endsAt`, the
  // end schedule, the rooms and the patient's pages, which `endsMeetings` covers already.
  'realtime/default': combine(reads(k.connection), pushesToParties, endsMeetings, accountsMedia),
  // EventBridge Scheduler targets
  'cases/release-claim': combine(
    readsCases,
    writes(k.case),
    movesQueue,
    announces,
    updatesPatients,
    pushesToRooms,
  ),
  // Also the doctor's join check (docs/adr/0023): a case back in the queue alerts the dashboards.
  'meetings/end-meeting': combine(endsMeetings, announces, movesQueue),
  // The void of its authorization (or a legacy payment's refund), retried by a schedule.
  'cases/expire-case': combine(readsCases, settlesMoney, movesQueue),
  // The retry of a failed capture or void (docs/adr/0024): it throws on failure (Lambda's
  // retries, then the failed-runs queue) and schedules nothing.
  'payments/settle-payment': combine(readsCases, writes(k.case), updatesPatients, {
    secrets: ['stripe'],
  }),
  // docs/adr/0025: the case back to awaiting payment, its authorization voided (settlement),
  // the patient's pages told and a claiming doctor's room page closed.
  'cases/lapse-wait-promise': combine(
    readsCases,
    writes(k.case),
    movesQueue,
    pushesToRooms,
    settlesMoney,
  ),
  // The queue's fan-out worker (docs/adr/0028): its state and marks, the queue, every patient
  // page, the estimate's inputs; the pages told; a successor started when its run is long.
  'realtime/fan-out-queue': combine(
    estimatesWait,
    startsQueueFanOut,
    pushes,
    queries(ix.casePages),
    reads(k.queueFanOut),
  ),
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
export function leadingKeysPattern(declared: string): string {
  return declared.endsWith('#') ? `${declared}*` : declared;
}
