import type { ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';

export function errorIdOf(id: string): string {
  return `${id}-error`;
}

export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

/** `aria-describedby` for a control with an optional hint and an optional error. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? hintIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(id)} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={hintIdOf(id)} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function FieldLabel({
  htmlFor,
  children,
  optional = false,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </Label>
  );
}

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
