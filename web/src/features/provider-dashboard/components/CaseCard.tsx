import { CircleAlert, Eye, Hand, House, LoaderCircle, Lock, Video } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ProviderCaseSummary } from '@shared/cases/provider-case';
import { providerCaseLabel } from '@shared/cases/status';
import { requestTypeLabels } from '@shared/patients/request-types';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateTime } from '@web/lib/dates';
import { shortCaseId, truncate } from '../lib/case-view';
import { providerMessages } from '../lib/labels';
import { PatientPresenceLine } from './PatientPresenceLine';

/*
 * Only a home nurse visit held by this doctor shows its steps: the form, its mutation and the
 * contract load with the first such card, not with every dashboard (issue 29 item 6).
 */
const NurseVisitControls = lazy(() =>
  import('./NurseVisitControls').then((module) => ({ default: module.NurseVisitControls })),
);

type BadgeVariant = NonNullable<BadgeProps['variant']>;

const STATUS_VARIANTS: Record<ProviderCaseSummary['status'], BadgeVariant> = {
  paid: 'success',
  claimed: 'secondary',
  in_call: 'default',
  completed: 'outline',
};

/** The status words of spec doc 2 §4; the provider's own claimed case reads 'Ready to Start'. */
export function caseStatusWord(item: ProviderCaseSummary): string {
  return item.status === 'claimed' && item.claimedByMe
    ? 'Ready to Start'
    : providerCaseLabel(item.status);
}

/** Another provider holds it: labelled 'Claimed', nothing to do here (spec doc 2 §2, §6). */
export function isHeldByOther(item: ProviderCaseSummary): boolean {
  return item.claimedBy !== null && !item.claimedByMe;
}

export interface CaseCardActions {
  onClaim: (item: ProviderCaseSummary) => void;
  onDetails: (item: ProviderCaseSummary) => void;
  onStartCall: (item: ProviderCaseSummary) => void;
  /** The case whose claim is being sent, if any. */
  claimingId: string | undefined;
}

/** One case (spec doc 2 §2): short id, EMERGENCY, URGENT or ROUTINE, status, summary and its actions. */
export function CaseCard({
  item,
  summaryLimit,
  actions,
}: {
  item: ProviderCaseSummary;
  summaryLimit: number;
  actions: CaseCardActions;
}) {
  const { priority } = item;
  const heldByOther = isHeldByOther(item);
  const mine = item.claimedByMe && (item.status === 'claimed' || item.status === 'in_call');
  const available = item.status === 'paid' && item.claimedBy === null;
  const claiming = actions.claimingId === item.id;
  const label = `case ${shortCaseId(item.id)}`;
  const callWord = item.status === 'in_call' ? 'Rejoin' : 'Start Call';
  const viewWord = available ? 'Details' : 'View';
  // A home nurse visit has no call: its holder records the visit instead (docs/adr/0022).
  const nurseVisit = item.nurseVisit;

  return (
    <Card className="flex flex-col gap-3 p-4" data-case-id={item.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-base font-semibold">#{shortCaseId(item.id)}</h3>
        <Badge variant={priority === 'ROUTINE' ? 'outline' : 'danger'}>{priority}</Badge>
        <Badge variant={STATUS_VARIANTS[item.status]}>{caseStatusWord(item)}</Badge>
        {heldByOther ? (
          <Badge variant="warning">
            <Lock aria-hidden="true" />
            {providerMessages.claimed}
          </Badge>
        ) : null}
      </div>
      {nurseVisit ? (
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="care-type">
          <House className="size-4 shrink-0" aria-hidden="true" />
          {requestTypeLabels['nurse-visit']}
          {nurseVisit.area ? ` · ${nurseVisit.area}` : null}
        </p>
      ) : null}
      <p className="text-sm break-words">{truncate(item.triageSummary, summaryLimit)}</p>
      <p className="text-xs text-muted-foreground">
        Created {formatDateTime(item.createdAt)}
        {item.paidAt ? ` · Paid ${formatDateTime(item.paidAt)}` : null}
      </p>
      {item.myClaimLapsed ? (
        <p className="flex items-start gap-2 rounded-lg bg-warning-soft p-2 text-sm text-warning-foreground">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {providerMessages.claimLapsed}
        </p>
      ) : null}
      {mine ? <PatientPresenceLine presence={item.patientPresence} /> : null}
      {mine && item.claimExpiresAt ? (
        <p className="text-xs text-muted-foreground">
          Start the meeting by {formatDateTime(item.claimExpiresAt)} or the case returns to the
          queue.
        </p>
      ) : null}
      {mine && nurseVisit ? (
        <Suspense fallback={null}>
          <NurseVisitControls item={item} label={label} />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {available ? (
          <Button
            onClick={() => actions.onClaim(item)}
            disabled={actions.claimingId !== undefined}
            aria-label={`Claim ${label}`}
          >
            {claiming ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <Hand aria-hidden="true" />
            )}
            Claim
          </Button>
        ) : null}
        {mine && !nurseVisit ? (
          <Button onClick={() => actions.onStartCall(item)} aria-label={`${callWord} ${label}`}>
            <Video aria-hidden="true" />
            {callWord}
          </Button>
        ) : null}
        {!heldByOther ? (
          <Button
            variant="outline"
            onClick={() => actions.onDetails(item)}
            aria-label={`${viewWord} ${label}`}
          >
            <Eye aria-hidden="true" />
            {viewWord}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
