/**
 * Every key of the single table is built here and nowhere else (DESIGN.md §4). Each builder
 * returns the full key of one entity or guard item; `docs/access-patterns.md` lists who reads
 * them. Values that come from people (emails, usernames) are lower-cased so uniqueness guards
 * are case-insensitive.
 */
/** License numbers compare without case, spaces or dashes (`md-12 345` is `MD12345`). */
export function normalizeLicense(licenseNumber: string): string {
  return licenseNumber.replace(/[\s-]+/g, '').toUpperCase();
}

export interface ItemKey {
  pk: string;
  sk: string;
}

export const keys = {
  doctorApplication: (applicationId: string): ItemKey => ({
    pk: `APP#${applicationId}`,
    sk: 'APPLICATION',
  }),
  /** Guard item: at most one application per email address. */
  applicationEmailGuard: (email: string): ItemKey => ({
    pk: `UNIQUE#APP_EMAIL#${email.trim().toLowerCase()}`,
    sk: 'UNIQUE',
  }),
  /** Guard item: a license number is registered once (applications). */
  applicationLicenseGuard: (licenseNumber: string): ItemKey => ({
    pk: `UNIQUE#APP_LICENSE#${normalizeLicense(licenseNumber)}`,
    sk: 'UNIQUE',
  }),
  auditEntry: (applicationId: string, timestamp: string, id: string): ItemKey => ({
    pk: `APP#${applicationId}`,
    sk: `AUDIT#${timestamp}#${id}`,
  }),
  applicationDocument: (applicationId: string, attachmentId: string): ItemKey => ({
    pk: `APP#${applicationId}`,
    sk: `DOC#${attachmentId}`,
  }),
  applicationPartition: (applicationId: string): string => `APP#${applicationId}`,
  provider: (providerId: string): ItemKey => ({ pk: `PROVIDER#${providerId}`, sk: 'PROVIDER' }),
  /** A provider's sign-in, keyed by email: the key makes provider emails unique. */
  providerLogin: (email: string): ItemKey => ({
    pk: `PROVIDER_LOGIN#${email.trim().toLowerCase()}`,
    sk: 'LOGIN',
  }),
  providerLicenseGuard: (licenseNumber: string): ItemKey => ({
    pk: `UNIQUE#PROVIDER_LICENSE#${normalizeLicense(licenseNumber)}`,
    sk: 'UNIQUE',
  }),
  adminUser: (username: string): ItemKey => ({
    pk: `ADMIN#${username.trim().toLowerCase()}`,
    sk: 'ADMIN',
  }),
  adminEmailGuard: (email: string): ItemKey => ({
    pk: `UNIQUE#ADMIN_EMAIL#${email.trim().toLowerCase()}`,
    sk: 'UNIQUE',
  }),
  /** Sessions are stored under the SHA-256 of their token, never the token itself. */
  session: (tokenHash: string): ItemKey => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  /** One counter per bucket, subject hash and fixed window. */
  rateLimit: (bucket: string, subjectHash: string, windowStart: number): ItemKey => ({
    pk: `RATE#${bucket}#${subjectHash}`,
    sk: `WINDOW#${windowStart}`,
  }),
  patient: (patientId: string): ItemKey => ({ pk: `PATIENT#${patientId}`, sk: 'PATIENT' }),
  /** A case and everything that belongs to it share one partition: one Query reads it all. */
  case: (caseId: string): ItemKey => ({ pk: `CASE#${caseId}`, sk: 'CASE' }),
  casePartition: (caseId: string): string => `CASE#${caseId}`,
  meeting: (caseId: string): ItemKey => ({ pk: `CASE#${caseId}`, sk: 'MEETING' }),
  payment: (caseId: string, paymentId: string): ItemKey => ({
    pk: `CASE#${caseId}`,
    sk: `PAYMENT#${paymentId}`,
  }),
  attachment: (caseId: string, attachmentId: string): ItemKey => ({
    pk: `CASE#${caseId}`,
    sk: `ATTACHMENT#${attachmentId}`,
  }),
  pendingUpload: (caseId: string, uploadId: string): ItemKey => ({
    pk: `CASE#${caseId}`,
    sk: `UPLOAD#${uploadId}`,
  }),
  /** Marker of a processed Stripe event: the webhook's idempotency key. */
  stripeEvent: (eventId: string): ItemKey => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),
  webSocketConnection: (connectionId: string): ItemKey => ({
    pk: `CONN#${connectionId}`,
    sk: 'CONNECTION',
  }),
} as const;

/** The `gsi1` partition that lists all applications newest first (admin list, issue 4). */
export const applicationListIndexKey = (applicationDate: string, applicationId: string) => ({
  gsi1pk: 'APPLICATIONS',
  gsi1sk: `${applicationDate}#${applicationId}`,
});

/** The `gsi1` partition of all audit entries, newest first (admin Audit Logs). */
export const auditListIndexKey = (timestamp: string, id: string) => ({
  gsi1pk: 'AUDIT_LOGS',
  gsi1sk: `${timestamp}#${id}`,
});

/** The `gsi1` partition listing all cases newest first (admin cases, provider dashboard). */
export const caseListIndexKey = (createdAt: string, caseId: string) => ({
  gsi1pk: 'CASES',
  gsi1sk: `${createdAt}#${caseId}`,
});

/** The `gsi1` partition of live WebSocket connections, for broadcasts to providers. */
export const connectionListIndexKey = (connectedAt: string, connectionId: string) => ({
  gsi1pk: 'CONNECTIONS',
  gsi1sk: `${connectedAt}#${connectionId}`,
});

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
