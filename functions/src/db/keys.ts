/**
 * The parts of keys that several entities share. Each entity module builds the full keys of its
 * own items from these (DESIGN.md §4); no other file writes a key string. Values that come from
 * people (emails, usernames, license numbers) are normalised here, so uniqueness guards ignore
 * case and spacing.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

/** License numbers compare without case, spaces or dashes (`md-12 345` is `MD12345`). */
export function normalizeLicense(licenseNumber: string): string {
  return licenseNumber.replace(/[\s-]+/g, '').toUpperCase();
}

/** Emails and usernames compare without case or surrounding spaces. */
export function normalizeName(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Partitions shared by several entities: a case and everything that belongs to it (meeting,
 * payments, attachments, pending uploads), and an application with its documents and audit
 * entries. One Query reads each. The prefixes name every partition of the kind at once (IAM's
 * `LeadingKeys`, functions/src/handler-permissions.ts).
 */
export const CASE_PREFIX = 'CASE#';
export const APPLICATION_PREFIX = 'APP#';
export const partitions = {
  case: (caseId: string): string => `${CASE_PREFIX}${caseId}`,
  application: (applicationId: string): string => `${APPLICATION_PREFIX}${applicationId}`,
} as const;

/**
 * The `gsi1` lists (see `docs/access-patterns.md`): one partition per list, newest last. Each
 * belongs to one entity module; their names are here so the list type and IAM's index grants
 * (functions/src/handler-permissions.ts) read the same strings.
 */
export const lists = {
  applications: 'APPLICATIONS',
  auditLogs: 'AUDIT_LOGS',
  cases: 'CASES',
  claimLeases: 'CLAIM_LEASES',
  connections: 'CONNECTIONS',
} as const;
export type ListName = (typeof lists)[keyof typeof lists];

export interface ListEntry {
  gsi1pk: ListName;
  gsi1sk: string;
}

/** An item's place in a `gsi1` list, ordered by time and made unique by the item's id. */
export function listEntry(list: ListName, at: string, id: string): ListEntry {
  return { gsi1pk: list, gsi1sk: `${at}#${id}` };
}

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
