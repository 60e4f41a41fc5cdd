import { House, Video } from 'lucide-react';
import { requestTypes, type RequestType } from '@shared/patients/request';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { CARE_TYPE_OPTIONS } from '../lib/messages';
import { describedBy, FieldError } from './form-fields';

const icons = { telemedicine: Video, 'nurse-visit': House } as const;

/** The id of a care type's radio button (the first one takes focus when the choice is missing). */
export function careTypeOptionId(id: string, type: RequestType): string {
  return `${id}-${type}`;
}

/** Telemedicine (video call) or home nurse visit, as two large radio cards. */
export function CareTypeField({
  id,
  value,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  value: RequestType | '';
  onChange: (value: RequestType) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-3 text-sm font-medium text-foreground">Type of Care</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {requestTypes.map((type) => {
          const option = CARE_TYPE_OPTIONS[type];
          const Icon = icons[type];
          const optionId = careTypeOptionId(id, type);
          const checked = value === type;
          return (
            <label
              key={type}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border-2 bg-card p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                checked ? 'border-primary bg-primary-soft' : 'border-border hover:border-input',
                error && !checked ? 'border-destructive' : null,
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={id}
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                className="sr-only"
                aria-labelledby={`${optionId}-title`}
                aria-describedby={[`${optionId}-details`, describedBy(id, { error })]
                  .filter(Boolean)
                  .join(' ')}
                aria-invalid={error ? true : undefined}
              />
              <span
                className={cn(
                  'grid size-10 shrink-0 place-items-center rounded-lg',
                  checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-primary',
                )}
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <span className="grid gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span id={`${optionId}-title`} className="font-semibold text-foreground">
                    {option.title}
                  </span>
                  <Badge variant={checked ? 'default' : 'secondary'}>{option.badge}</Badge>
                </span>
                <span id={`${optionId}-details`} className="text-sm text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
