/** Field errors of a form: the first message per field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Maps schema issues to form fields: `fieldOf` names the form field of a schema path's first key
 * (schema `triageSummary` is the form's `symptoms`, `location` its `address`, and so on).
 */
export function fieldErrorsOf<K extends string>(
  issues: readonly Issue[],
  fieldOf: Readonly<Partial<Record<string, K>>>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? fieldOf[key] : undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The first field, in screen order, that has an error. */
export function firstInvalidField<K extends string>(
  errors: FieldErrors<K>,
  order: readonly K[],
): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/** Moves focus to a field's control (by element id) and scrolls it into view. */
export function focusField(elementId: string): void {
  const element = document.getElementById(elementId);
  if (!element) return;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
}

/** The errors without those of `fields` (a field's error goes once the patient edits it). */
export function withoutErrors<K extends string>(
  errors: FieldErrors<K>,
  fields: readonly string[],
): FieldErrors<K> {
  if (!fields.some((field) => field in errors)) return errors;
  const rest: FieldErrors<K> = { ...errors };
  for (const field of fields) delete rest[field as K];
  return rest;
}
