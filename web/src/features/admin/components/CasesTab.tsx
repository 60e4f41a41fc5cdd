import { Eye } from 'lucide-react';
import { useState } from 'react';
import type { AdminCaseRow } from '@shared/admin/api';
import { Button } from '@web/components/ui/button';
import { formatDateTime } from '@web/lib/dates';
import { listFailed, LoadMoreButton } from '@web/components/LoadMoreButton';
import { useAdminCases } from '../api/get-admin-cases';
import { itemsOf } from '../api/pages';
import { adminMessages, UNASSIGNED } from '../lib/labels';
import { CaseDetailsDialog } from './CaseDetailsDialog';
import { CaseStatusBadge, PriorityBadge } from './StatusBadges';
import { EmptyState, ErrorState, LoadingState } from '@web/components/states';

const COLUMNS = ['Patient', 'Symptoms', 'Priority', 'Status', 'Provider', 'Created'] as const;

/** Patient cases as the admin sees them (spec doc 2 §2). */
export function CasesTab() {
  const cases = useAdminCases();
  const rows = itemsOf(cases.data?.pages);
  const [selected, setSelected] = useState<AdminCaseRow | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Patient Cases</h2>
      {cases.isPending ? (
        <LoadingState label="Loading cases..." />
      ) : listFailed(cases) ? (
        <ErrorState message={adminMessages.casesFailed} />
      ) : rows.length === 0 && !cases.hasNextPage ? (
        <EmptyState message={adminMessages.noCases} />
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
            <caption className="sr-only">Patient cases</caption>
            <thead className="bg-muted text-xs font-semibold text-muted-foreground">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3">
                    {column}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.id} className="align-top">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block font-semibold">{row.patientName}</span>
                    {row.patientEmail ? (
                      <span className="block text-muted-foreground">{row.patientEmail}</span>
                    ) : null}
                  </th>
                  <td className="max-w-xs px-4 py-3">
                    <span className="line-clamp-2">{row.symptoms}</span>
                  </td>
                  <td className="px-4 py-3">
                    <PriorityBadge priority={row.priority} />
                  </td>
                  <td className="px-4 py-3">
                    <CaseStatusBadge status={row.status} />
                  </td>
                  <td className="px-4 py-3">{row.assignedProviderName || UNASSIGNED}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setSelected(row)}
                      aria-label={`View Details ${row.patientName}`}
                    >
                      <Eye aria-hidden="true" />
                      View Details
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cases.data ? <LoadMoreButton list={cases} errorMessage={adminMessages.casesFailed} /> : null}
      <CaseDetailsDialog caseRow={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
