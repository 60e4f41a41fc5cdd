import { CalendarClock, CircleCheckBig, LoaderCircle, PhoneOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ProviderCaseSummary } from '@shared/cases/provider-case';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { serverMessageOf } from '@web/lib/api';
import { formatDateTime } from '@web/lib/dates';
import { useNurseVisitStep } from '../api/nurse-visit';

/** `YYYY-MM-DDTHH:mm` in the browser's zone, as a `datetime-local` field holds it. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The nurse's steps of a home visit they hold (docs/consultation.md §7): record the time arranged
 * with the patient, then mark the visit done (once a time is recorded) or the patient not reached
 * (the patient is refunded). A refusal is announced in the server's words.
 */
export function NurseVisitControls({ item, label }: { item: ProviderCaseSummary; label: string }) {
  const step = useNurseVisitStep(item.id);
  const scheduledFor = item.nurseVisit?.scheduledFor ?? null;
  const [time, setTime] = useState(() => localInputValue(scheduledFor));
  const fieldId = useId();
  const busy = step.isPending;

  const saveTime = (event: FormEvent) => {
    event.preventDefault();
    if (!time) return;
    step.mutate({ step: 'schedule', scheduledFor: new Date(time).toISOString() });
  };

  return (
    <div className="grid gap-2">
      {scheduledFor ? (
        <p className="text-sm font-medium" data-testid="nurse-visit-time">
          Visit arranged for {formatDateTime(scheduledFor)}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Call the patient, then record the visit time you agreed.
        </p>
      )}
      <form className="flex flex-wrap items-end gap-2" onSubmit={saveTime}>
        <div className="grid gap-1">
          <Label htmlFor={fieldId}>Visit time</Label>
          <Input
            id={fieldId}
            type="datetime-local"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy || !time}>
          <CalendarClock aria-hidden="true" />
          Save Visit Time
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => step.mutate({ step: 'done' })}
          disabled={busy || !scheduledFor}
          aria-label={`Visit Done, ${label}`}
        >
          <CircleCheckBig aria-hidden="true" />
          Visit Done
        </Button>
        <Button
          variant="outline"
          onClick={() => step.mutate({ step: 'not_reached' })}
          disabled={busy}
          aria-label={`Patient Not Reached, ${label}`}
        >
          <PhoneOff aria-hidden="true" />
          Patient Not Reached
        </Button>
        {busy ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            Saving...
          </p>
        ) : null}
      </div>
      {step.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(step.error) ?? step.error.message}
        </p>
      ) : null}
    </div>
  );
}
