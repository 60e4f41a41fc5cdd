import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
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

type FieldOf<Control extends 'input' | 'textarea' | 'select'> = FieldProps &
  BoundProps &
  Omit<ComponentProps<Control>, OwnProps>;

/**
 * Splits a field's props into what its shell shows (label, hint, error) and what its control
 * takes: id and name, value and change handler, validity and the ids of its hint and error.
 */
function splitField<P extends FieldProps & BoundProps & { required?: boolean }>(props: P) {
  const { id, label, error, hint, optional, value, onChange, ...rest } = props;
  const control = {
    id,
    name: id,
    'aria-required': props.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
    ...rest,
    value,
    onChange: (event: ChangeEvent<{ value: string }>) => onChange(event.target.value),
  };
  return { shell: { id, label, error, hint, optional }, control };
}

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

/** A labelled input with its hint and error (`aria-invalid`, `aria-describedby`). */
export function TextField(props: FieldOf<'input'>) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <Input {...control} />
    </FieldShell>
  );
}

/** A labelled text area with its hint and error. */
export function TextAreaField({ rows = 3, ...props }: FieldOf<'textarea'>) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <Textarea rows={rows} {...control} />
    </FieldShell>
  );
}

/** A labelled native select; `placeholder` adds an empty first option. */
export function SelectField({
  options,
  placeholder,
  ...props
}: Omit<FieldOf<'select'>, 'children'> & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const { shell, control } = splitField(props);
  return (
    <FieldShell {...shell}>
      <NativeSelect {...control}>
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
