import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';

import {
  errorIdOf,
  hintIdOf,
  describedBy,
  FieldError,
  FieldHint,
  FieldLabel,
} from '@web/components/form/field-parts';

export { errorIdOf, hintIdOf, describedBy, FieldError, FieldHint, FieldLabel };

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

type InputProps = Omit<
  ComponentProps<'input'>,
  'id' | 'name' | 'onChange' | 'value' | 'aria-invalid' | 'aria-describedby'
>;

/** A labelled input with its hint and error (`aria-invalid`, `aria-describedby`). */
export function TextField({
  id,
  label,
  error,
  hint,
  optional,
  value,
  onChange,
  required,
  ...inputProps
}: FieldProps & InputProps & { value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid content-start gap-2">
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <Input
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...inputProps}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A labelled native select; `placeholder` adds an empty first option. */
export function SelectField({
  id,
  label,
  error,
  hint,
  optional,
  value,
  onChange,
  options,
  placeholder,
  required,
  autoComplete,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  return (
    <div className="grid content-start gap-2">
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <NativeSelect
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}
