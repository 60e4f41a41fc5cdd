/** Field errors of a form: the first message per field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A schema issue (zod) or a server issue whose dotted path was split. */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Which form field a schema key belongs to: a map when the form names its fields differently
 * from the schema (the intake's `symptoms` is `triageSummary` in `caseIntakeSchema`), or the list
 * of form fields when they are the schema's own keys.
 */
export type FieldsOf<K extends string> = Readonly<Partial<Record<string, K>>> | readonly K[];

function fieldOf<K extends string>(fields: FieldsOf<K>, key: string): K | undefined {
  if (Array.isArray(fields))
    return (fields as readonly string[]).includes(key) ? (key as K) : undefined;
  return (fields as Readonly<Partial<Record<string, K>>>)[key];
}

/** The first message per form field; issues of other paths are dropped. */
export function fieldErrorsOf<K extends string>(
  issues: readonly Issue[],
  fields: FieldsOf<K>,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? fieldOf(fields, key) : undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The `issues` of a server 400 envelope on the form's fields: the server names a field by a
 * dotted path (`boardCertifications.0`).
 */
export function serverFieldErrorsOf<K extends string>(
  issues: readonly { path: string; message: string }[],
  fields: FieldsOf<K>,
): FieldErrors<K> {
  return fieldErrorsOf(
    issues.map(({ path, message }) => ({ path: path.split('.'), message })),
    fields,
  );
}

/** The first field, in screen order, that has an error. */
export function firstInvalidField<K extends string>(
  errors: FieldErrors<K>,
  order: readonly K[],
): K | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/** The errors without those of `fields` (a field's error goes once the user edits it). */
export function withoutErrors<K extends string>(
  errors: FieldErrors<K>,
  fields: readonly K[],
): FieldErrors<K> {
  if (!fields.some((field) => field in errors)) return errors;
  const rest: FieldErrors<K> = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}
