import { Plus } from 'lucide-react';
import { useId } from 'react';
import { bodyRegions } from '@shared/triage';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

export interface BodyRegionPickerProps {
  /** Ids of the selected regions (see `bodyRegionIds`); unknown ids are ignored. */
  value: string[];
  /** Receives the new selection, in the order regions were picked. */
  onChange: (value: string[]) => void;
  /** Receives a common symptom the patient clicked; append it with `appendSymptom`. */
  onPickSymptom?: (symptom: string) => void;
  /** Group label; default 'Where do you feel it?'. */
  label?: string;
  className?: string;
}

/**
 * The body-region picker of the request form (spec doc 1 §2, §3): a toggle button per region
 * (`aria-pressed`); each selected region offers its common symptoms as quick-pick chips.
 */
export function BodyRegionPicker({
  value,
  onChange,
  onPickSymptom,
  label = 'Where do you feel it?',
  className,
}: BodyRegionPickerProps) {
  const labelId = useId();
  const selected = new Set(value);
  const selectedRegions = bodyRegions.filter((region) => selected.has(region.id));

  function toggle(id: string) {
    onChange(selected.has(id) ? value.filter((v) => v !== id) : [...value, id]);
  }

  return (
    <div className={cn('grid gap-4', className)}>
      <div role="group" aria-labelledby={labelId} className="grid gap-2">
        <p id={labelId} className="text-sm font-medium leading-none text-foreground">
          {label}
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {bodyRegions.map((region) => {
            const pressed = selected.has(region.id);
            return (
              <li key={region.id}>
                <Button
                  type="button"
                  variant={pressed ? 'default' : 'outline'}
                  aria-pressed={pressed}
                  onClick={() => toggle(region.id)}
                  className={cn(
                    'w-full',
                    region.urgencyLevel === 'emergency' &&
                      !pressed &&
                      'border-red-200 text-destructive hover:text-destructive',
                  )}
                >
                  {region.name}
                </Button>
              </li>
            );
          })}
        </ul>
      </div>

      {selectedRegions.map((region) => (
        <div
          key={region.id}
          role="group"
          aria-label={`Common symptoms: ${region.name}`}
          className="rounded-lg border bg-surface p-3"
        >
          <p className="text-sm font-semibold text-foreground" aria-hidden="true">
            {region.name}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {region.commonSymptoms.map((symptom) => (
              <li key={symptom}>
                <button
                  type="button"
                  aria-label={`Add ${symptom}`}
                  onClick={() => onPickSymptom?.(symptom)}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-background px-3 py-1 text-sm text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <Plus className="size-3.5 text-primary" aria-hidden="true" />
                  {symptom}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
