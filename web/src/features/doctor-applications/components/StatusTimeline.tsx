import { CircleCheck, CircleDot, Circle } from 'lucide-react';
import { cn } from '@web/lib/utils';
import type { TimelineState, TimelineStep } from '../lib/status-display';

const stateText: Record<TimelineState, string> = {
  complete: 'Completed',
  current: 'Current step',
  upcoming: 'Not reached yet',
};

/** Submitted → under review → decision (spec doc 2 §2), as an ordered list. */
export function StatusTimeline({
  steps,
  labelledBy,
}: {
  steps: TimelineStep[];
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="grid gap-0">
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const Icon =
          step.state === 'complete' ? CircleCheck : step.state === 'current' ? CircleDot : Circle;
        return (
          <li
            key={step.key}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex gap-3 pb-5 last:pb-0"
          >
            {!last ? (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-7 bottom-1 left-3 w-0.5 -translate-x-1/2 rounded-full',
                  step.state === 'complete' ? 'bg-success' : 'bg-border',
                )}
              />
            ) : null}
            <Icon
              aria-hidden="true"
              className={cn(
                'size-6 shrink-0',
                step.state === 'complete'
                  ? 'text-success'
                  : step.state === 'current'
                    ? 'text-primary'
                    : 'text-muted-foreground',
              )}
            />
            <div className="grid gap-0.5">
              <p className="font-semibold">
                {step.title}
                <span className="sr-only">: {stateText[step.state]}</span>
              </p>
              <p className="text-sm text-muted-foreground">{step.detail}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
