/**
 * Every key of the single table is built here and nowhere else (DESIGN.md §4). Each builder
 * returns the full key of one entity or guard item; `docs/access-patterns.md` lists who reads
 * them. Values that come from people (emails, usernames) are lower-cased so uniqueness guards
 * are case-insensitive.
 */
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

/** The `gsi1` partition of live WebSocket connections, for broadcasts to providers. */
export const connectionListIndexKey = (connectedAt: string, connectionId: string) => ({
  gsi1pk: 'CONNECTIONS',
  gsi1sk: `${connectedAt}#${connectionId}`,
});

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
