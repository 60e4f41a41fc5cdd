import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { describedBy, FieldError, FieldHint, FieldLabel } from './field-parts';

/** What every field shows around its control. */
export interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

interface BoundProps {
  value: string;
  onChange: (value: string) => void;
}

/** Props a field sets on its control itself (the control's `name` is its id unless given). */
type OwnProps = 'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby';

/** Label, control, hint and error, in that order. */
function FieldShell({
  id,
  label,
  error,
  hint,
  optional,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      {children}
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The accessibility attributes of a control: its name, validity and hint/error links. */
function controlProps({
  id,
  error,
  hint,
  required,
}: Pick<FieldProps, 'id' | 'error' | 'hint'> & { required?: boolean }) {
  return {
    id,
    name: id,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  } as const;
}

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
}: FieldProps & BoundProps & Omit<ComponentProps<'input'>, OwnProps>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <Input
        {...controlProps({ id, error, hint, required })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...inputProps}
      />
    </FieldShell>
  );
}

/** A labelled text area with its hint and error. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  optional,
  value,
  onChange,
  required,
  rows = 3,
  ...textareaProps
}: FieldProps & BoundProps & Omit<ComponentProps<'textarea'>, OwnProps>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <Textarea
        {...controlProps({ id, error, hint, required })}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...textareaProps}
      />
    </FieldShell>
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
  ...selectProps
}: FieldProps &
  BoundProps &
  Omit<ComponentProps<'select'>, OwnProps | 'children'> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <NativeSelect
        {...controlProps({ id, error, hint, required })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...selectProps}
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
    </FieldShell>
  );
}
