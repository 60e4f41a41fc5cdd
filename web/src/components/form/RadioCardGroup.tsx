import type { ComponentType } from 'react';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { describedBy, FieldError } from './field-parts';

export interface RadioCardOption<T extends string> {
  value: T;
  title: string;
  badge: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
}

/** The id of an option's radio button (the first one takes focus when the choice is missing). */
export function radioOptionId(id: string, value: string): string {
  return `${id}-${value}`;
}

/** A choice between a few options shown as large radio cards (icon, title, badge, details). */
export function RadioCardGroup<T extends string>({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  disabled = false,
}: {
  id: string;
  legend: string;
  options: readonly RadioCardOption<T>[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-3 text-sm font-medium text-foreground">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const Icon = option.icon;
          const optionId = radioOptionId(id, option.value);
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                // One background and one border colour each (cn does not merge).
                checked
                  ? 'border-primary bg-primary-soft'
                  : ['bg-card hover:border-input', error ? 'border-destructive' : 'border-border'],
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={id}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
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
