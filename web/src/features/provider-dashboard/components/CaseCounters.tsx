import { CheckCircle2, ClipboardList, Inbox, Stethoscope, type LucideIcon } from 'lucide-react';
import type { CaseCounts } from '@shared/cases/provider-case';
import { Card } from '@web/components/ui/card';

const COUNTERS: readonly { label: string; key: keyof CaseCounts; icon: LucideIcon }[] = [
  { label: 'Available Cases', key: 'available', icon: Inbox },
  { label: 'My Active Cases', key: 'myActive', icon: Stethoscope },
  { label: 'Completed Cases', key: 'completed', icon: CheckCircle2 },
  { label: 'Total Cases', key: 'total', icon: ClipboardList },
];

/** The four counters (spec doc 2 §2), as the server counted them with the list. */
export function CaseCounters({ counts }: { counts: CaseCounts | undefined }) {
  return (
    <section aria-labelledby="provider-counters-title">
      <h2 id="provider-counters-title" className="sr-only">
        Case counts
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={counts === undefined}>
        {COUNTERS.map(({ label, key, icon: Icon }) => (
          <Card key={key} className="flex flex-col gap-3 p-4">
            <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{counts ? counts[key] : '–'}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
