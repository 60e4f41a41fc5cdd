import type { AuditLogEntry } from '@shared/admin/api';

type Column = [header: string, value: (entry: AuditLogEntry) => string | null | undefined];

/**
 * Columns of the audit log export: the spec's eight (doc 2 §7), in order, then the access
 * records' reader, cases and request (issue 25 item 5; blank on an application's entry).
 */
const AUDIT_LOG_COLUMNS: readonly Column[] = [
  ['Timestamp', (entry) => entry.timestamp],
  ['Action', (entry) => entry.action],
  ['Application ID', (entry) => entry.applicationId],
  ['Admin ID', (entry) => entry.adminId],
  ['Previous Status', (entry) => entry.previousStatus],
  ['New Status', (entry) => entry.newStatus],
  ['Notes', (entry) => entry.notes],
  ['Log ID', (entry) => entry.id],
  ['Actor Role', (entry) => entry.actorRole],
  ['Actor ID', (entry) => entry.actorId],
  ['Case IDs', (entry) => entry.caseIds.join(' ')],
  ['Request ID', (entry) => entry.requestId],
];

/** The header row of the audit log export. */
export const AUDIT_LOG_CSV_COLUMNS: readonly string[] = AUDIT_LOG_COLUMNS.map(([header]) => header);

/** Leading characters a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field, always quoted: inner double quotes are doubled, so commas, quotes and line
 * breaks stay inside the field. A value that would start a spreadsheet formula is prefixed with
 * a single quote, so opening the export never runs it.
 */
export function csvField(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows joined with CRLF (RFC 4180), ending with a line break. */
export function toCsv(rows: readonly (readonly (string | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function auditLogsCsv(entries: readonly AuditLogEntry[]): string {
  return toCsv([
    AUDIT_LOG_CSV_COLUMNS,
    ...entries.map((entry) => AUDIT_LOG_COLUMNS.map(([, value]) => value(entry))),
  ]);
}

/** `YYYY-MM-DD` of the local (the admin's) calendar date. */
export function localDateStamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `audit-logs-{YYYY-MM-DD}.csv`, the admin's local date. */
export function auditLogsFileName(now: Date = new Date()): string {
  return `audit-logs-${localDateStamp(now)}.csv`;
}

/** Saves text as a file: Blob, object URL and a temporary `<a download>`. */
export function downloadTextFile(
  content: string,
  fileName: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
