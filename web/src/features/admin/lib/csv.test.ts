import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@shared/admin/api';
import { AUDIT_LOG_CSV_COLUMNS, auditLogsCsv, auditLogsFileName, csvField, toCsv } from './csv';

const entry: AuditLogEntry = {
  id: 'log-1',
  timestamp: '2025-01-07T09:30:00.000Z',
  action: 'REJECTED',
  applicationId: 'K7QF-29XM',
  adminId: '',
  previousStatus: null,
  newStatus: 'rejected',
  notes: 'Line one, "quoted"\nLine two',
  actorRole: null,
  actorId: '',
  caseIds: [],
  requestId: '',
};

describe('csvField', () => {
  it.each([
    ['plain', '"plain"'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['', '""'],
  ])('quotes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
  });

  it.each(['=SUM(A1)', '+1', '-2', '@cmd', '\tx'])(
    'neutralises %j so a spreadsheet never runs it as a formula',
    (value) => {
      expect(csvField(value)).toBe(`"'${value}"`);
    },
  );
});

describe('auditLogsCsv', () => {
  it('has the exact header row and one row per entry, CRLF-separated', () => {
    const csv = auditLogsCsv([entry]);
    expect(AUDIT_LOG_CSV_COLUMNS).toEqual([
      'Timestamp',
      'Action',
      'Application ID',
      'Admin ID',
      'Previous Status',
      'New Status',
      'Notes',
      'Log ID',
      'Actor Role',
      'Actor ID',
      'Case IDs',
      'Request ID',
    ]);
    expect(csv).toBe(
      '"Timestamp","Action","Application ID","Admin ID","Previous Status","New Status","Notes","Log ID","Actor Role","Actor ID","Case IDs","Request ID"\r\n' +
        '"2025-01-07T09:30:00.000Z","REJECTED","K7QF-29XM","","","rejected","Line one, ""quoted""\nLine two","log-1","","","",""\r\n',
    );
  });

  it('names the reader, the cases and the request of an access record', () => {
    const access: AuditLogEntry = {
      ...entry,
      id: 'log-2',
      action: 'ADMIN_CASES_VIEWED',
      applicationId: '',
      adminId: 'admin-1',
      newStatus: '',
      notes: '',
      actorRole: 'admin',
      actorId: 'admin-1',
      caseIds: ['case-a', 'case-b'],
      requestId: 'req-1',
    };
    expect(auditLogsCsv([access]).split('\r\n')[1]).toBe(
      '"2025-01-07T09:30:00.000Z","ADMIN_CASES_VIEWED","","admin-1","","","","log-2","admin","admin-1","case-a case-b","req-1"',
    );
  });

  it('is only the header for no entries', () => {
    expect(auditLogsCsv([]).split('\r\n')).toHaveLength(2);
  });

  it('round-trips through an RFC 4180 reader', () => {
    const rows = [['a,b', 'c"d', 'e\nf', '']];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});

describe('auditLogsFileName', () => {
  it('uses the local date as YYYY-MM-DD', () => {
    expect(auditLogsFileName(new Date(2025, 0, 9, 23, 59))).toBe('audit-logs-2025-01-09.csv');
    expect(auditLogsFileName(new Date(2025, 10, 30, 0, 0))).toBe('audit-logs-2025-11-30.csv');
  });
});

/** A minimal RFC 4180 reader for the round trip. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}
