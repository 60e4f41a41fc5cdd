import { CalendarClock, CircleCheckBig, House, PhoneOff, type LucideIcon } from 'lucide-react';
import type { CaseStatusResponse } from '@shared/cases/api';
import { nurseVisitPatientTexts } from '@shared/cases/nurse-visit';
import { Card, CardHeader } from '@web/components/ui/card';
import { refundLine } from '@web/lib/case-status';
import { formatDateTime } from '@web/lib/dates';

type VisitAnswer = Pick<CaseStatusResponse, 'status' | 'nurseVisit' | 'refund'>;

/**
 * What a home nurse visit's patient reads at each step (docs/consultation.md §7): the nurse's
 * call, the arranged time, done, or not reached with the refund. Null for a case that is not
 * paid yet, which the page's own cards explain.
 */
export function nurseVisitLines(answer: VisitAnswer): { icon: LucideIcon; lines: string[] } | null {
  const visit = answer.nurseVisit;
  switch (answer.status) {
    case 'paid':
      return { icon: House, lines: [nurseVisitPatientTexts.waiting] };
    case 'claimed':
      return visit?.scheduledFor
        ? {
            icon: CalendarClock,
            lines: [nurseVisitPatientTexts.scheduled(formatDateTime(visit.scheduledFor))],
          }
        : { icon: House, lines: [nurseVisitPatientTexts.claimed] };
    case 'completed':
      return { icon: CircleCheckBig, lines: [nurseVisitPatientTexts.done] };
    case 'cancelled':
      if (visit?.outcome !== 'not_reached') return null;
      return {
        icon: PhoneOff,
        lines: [nurseVisitPatientTexts.notReached, refundLine(answer.refund)].filter(
          (line): line is string => line !== null,
        ),
      };
    default:
      return null;
  }
}

/** The home nurse visit's status, announced politely when it changes. */
export function NurseVisitCard({ answer }: { answer: VisitAnswer }) {
  const shown = nurseVisitLines(answer);
  if (!shown) return null;
  const { icon: Icon, lines } = shown;
  return (
    <Card role="region" aria-labelledby="nurse-visit-title" className="border-l-4 border-l-primary">
      <CardHeader className="flex-row items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h2 id="nurse-visit-title" className="text-xl font-semibold">
            Home Nurse Visit
          </h2>
          <div aria-live="polite" aria-atomic="true" data-testid="nurse-visit-status">
            {lines.map((line) => (
              <p key={line} className="text-muted-foreground">
                {line}
              </p>
            ))}
          </div>
        </div>
      </CardHeader>
    </Card>
  );
}
