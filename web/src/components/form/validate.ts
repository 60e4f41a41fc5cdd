import type * as z from 'zod';
import { fieldErrorsOf, type FieldErrors, type FieldsOf } from './field-errors';

export type Validation<T, K extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/**
 * Checks a form's input with a shared schema (the one the server parses with) and names the
 * failing form fields. Synchronous on purpose: messages and focus move in the same task as the
 * click (see docs/adr/0004-forms.md).
 */
export function validateWith<S extends z.ZodType, K extends string>(
  schema: S,
  input: unknown,
  fields: FieldsOf<K>,
): Validation<z.output<S>, K> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues, fields) };
}
