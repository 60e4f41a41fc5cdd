import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { AuditLogEntry } from '@shared/admin/api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/hooks/use-toast';
import { formatDateTime } from '@web/lib/dates';
import { listFailed, LoadMoreButton } from '@web/components/LoadMoreButton';
import { getAllAuditLogs, useAuditLogs } from '../api/get-audit-logs';
import { itemsOf } from '../api/pages';
import {
  auditActionDotClass,
  auditActionLabel,
  auditActor,
  auditApplicationLabel,
  auditReader,
} from '../lib/audit-log';
import { auditLogsCsv, auditLogsFileName, downloadTextFile } from '../lib/csv';
import { adminMessages, adminToasts, applicationStatusWord } from '../lib/labels';
import { EmptyState, ErrorState, LoadingState } from '@web/components/states';

/** The audit trail, newest first, and its CSV export (spec doc 2 §2, §7). */
export function AuditLogsTab() {
  const logs = useAuditLogs();
  const entries = itemsOf(logs.data?.pages);
  const [exporting, setExporting] = useState(false);

  // The file holds the whole log, not only the pages shown: the rest is read first.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = logs.hasNextPage ? await getAllAuditLogs() : entries;
      downloadTextFile(auditLogsCsv(all), auditLogsFileName());
      toast(adminToasts.exported);
    } catch {
      toast({ variant: 'destructive', ...adminToasts.exportFailed });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>Audit Logs</h2>
        </CardTitle>
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          disabled={!logs.data || exporting}
          aria-busy={exporting}
        >
          {exporting ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Export CSV
        </Button>
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <LoadingState label="Loading audit logs..." />
        ) : listFailed(logs) ? (
          <ErrorState message={adminMessages.logsFailed} />
        ) : entries.length === 0 && !logs.hasNextPage ? (
          <EmptyState message={adminMessages.noLogs} />
        ) : (
          <div className="flex flex-col gap-4">
            <ul
              aria-label="Audit log entries"
              tabIndex={0}
              className="max-h-96 divide-y overflow-y-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {entries.map((entry) => (
                <AuditLogItem key={entry.id} entry={entry} />
              ))}
            </ul>
            <LoadMoreButton list={logs} errorMessage={adminMessages.logsFailed} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AuditLogItem({ entry }: { entry: AuditLogEntry }) {
  const reader = auditReader(entry);

  return (
    <li className="flex gap-3 p-4 text-sm" data-action={entry.action}>
      <span
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${auditActionDotClass(entry.action)}`}
        aria-hidden="true"
        data-testid="audit-dot"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-semibold">{auditActionLabel(entry.action)}</p>
          <time dateTime={entry.timestamp} className="text-xs text-muted-foreground">
            {formatDateTime(entry.timestamp)}
          </time>
        </div>
        {reader === null ? (
          <ApplicationFields entry={entry} />
        ) : (
          <AccessFields entry={entry} reader={reader} />
        )}
        {entry.notes.trim() ? (
          <p className="mt-2 rounded-md bg-muted px-3 py-2 whitespace-pre-line text-foreground">
            {entry.notes}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** An application's entry: which application, the admin (or System), the status change. */
function ApplicationFields({ entry }: { entry: AuditLogEntry }) {
  const previous = applicationStatusWord(entry.previousStatus);
  const next = applicationStatusWord(entry.newStatus);
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
      <div className="flex gap-1">
        <dt>Application:</dt>
        <dd className="font-mono text-foreground">{auditApplicationLabel(entry)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Admin:</dt>
        <dd className="text-foreground">{auditActor(entry.adminId)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Status:</dt>
        <dd className="text-foreground">
          {previous ? (
            <>
              {previous} <span aria-hidden="true">→</span>
              <span className="sr-only">to</span> {next}
            </>
          ) : (
            next
          )}
        </dd>
      </div>
    </dl>
  );
}

/** An access record: who read, which cases (full ids: the record must name them), the request. */
function AccessFields({ entry, reader }: { entry: AuditLogEntry; reader: string }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
      <div className="flex gap-1">
        <dt>Read by:</dt>
        <dd className="text-foreground">{reader}</dd>
      </div>
      <div className="flex min-w-0 gap-1">
        <dt>{entry.caseIds.length === 1 ? 'Case:' : `Cases (${entry.caseIds.length}):`}</dt>
        <dd className="font-mono break-all text-foreground">{entry.caseIds.join(', ')}</dd>
      </div>
      {entry.requestId ? (
        <div className="flex min-w-0 gap-1">
          <dt>Request:</dt>
          <dd className="font-mono break-all text-foreground">{entry.requestId}</dd>
        </div>
      ) : null}
    </dl>
  );
}
