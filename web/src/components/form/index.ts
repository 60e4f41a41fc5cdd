/**
 * The form toolkit (docs/adr/0004-forms.md): every form of the app is built from these parts.
 * A form keeps its state in `useForm`, checks its input with a shared zod schema through
 * `validateWith` and shows the result with the fields below.
 */
export { describedBy, errorIdOf, FieldError, FieldHint, FieldLabel, hintIdOf } from './field-parts';
export {
  fieldErrorsOf,
  firstInvalidField,
  serverFieldErrorsOf,
  withoutErrors,
  type FieldErrors,
  type FieldsOf,
  type Issue,
} from './field-errors';
export { explainBlockedEnter } from './blocked-enter';
export { SelectField, TextAreaField, TextField, type FieldProps } from './fields';
export { focusElement } from './focus';
export { inputPresets } from './presets';
export { Form } from './Form';
export { FormError } from './FormError';
export { RadioCardGroup, radioOptionId, type RadioCardOption } from './RadioCardGroup';
export { readStoredValues, useStoredValues } from './stored-values';
export { SubmitButton } from './SubmitButton';
export { useForm, type FormOptions } from './use-form';
export { validateWith, type Validation } from './validate';
