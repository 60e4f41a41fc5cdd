import { TIMESTAMP, UUID } from '#lib/list-cursor';

/**
 * What the admin lists' cursors hold (lib/list-cursor.ts checks each part): the `gsi1` sort key
 * of the last item shown, and for the audit log the entry's application id (blank for an access
 * record).
 */

/** An application id as stored (`XXXX-XXXX`, `DEMO-0001`): at most 32 of `A-Z0-9-`. */
const APPLICATION_ID = '[A-Z0-9][A-Z0-9-]{0,30}[A-Z0-9]|[A-Z0-9]';

/** `{applicationDate}#{applicationId}` (gsi1 `APPLICATIONS`). */
export const APPLICATION_SORT_KEY = new RegExp(`^${TIMESTAMP}#(?:${APPLICATION_ID})$`);
/** `{timestamp}#{entryId}` (gsi1 `AUDIT_LOGS`). */
export const AUDIT_SORT_KEY = new RegExp(`^${TIMESTAMP}#${UUID}$`);
/** The audit entry's application id, blank for an access record (db/audit-log.ts). */
export const AUDIT_PARTITION_PART = new RegExp(`^(?:${APPLICATION_ID})?$`);
