import type { ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';

import {
  errorIdOf,
  hintIdOf,
  describedBy,
  FieldError,
  FieldHint,
  FieldLabel,
} from '@web/components/form/field-parts';

export { errorIdOf, hintIdOf, describedBy, FieldError, FieldHint, FieldLabel };

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  maxLength?: number;
}

/** A labelled input with its hint and error (`aria-invalid`, `aria-describedby`). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  optional,
  required,
  disabled,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
}: TextFieldProps) {
  return (
    <div className="grid content-start gap-2">
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <Input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        aria-required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A labelled text area with its hint and error. */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  optional,
  disabled,
  maxLength,
  rows = 3,
}: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'required'> & { rows?: number }) {
  return (
    <div className="grid gap-2">
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <Textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}
