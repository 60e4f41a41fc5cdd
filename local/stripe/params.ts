import { invalidRequest, missingParam, unknownParam } from './errors';
import { isFormObject, type FormObject, type FormValue } from './form';

/** Typed readers over a decoded form, failing with Stripe's wording and `param` paths. */

export function checkKnownKeys(
  object: FormObject,
  known: ReadonlySet<string>,
  prefix: string | null,
): void {
  for (const key of Object.keys(object)) {
    if (!known.has(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

export function optionalString(value: FormValue | undefined, param: string): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') {
    throw invalidRequest(
      `Invalid string: ${param} must be a string.`,
      'parameter_invalid_string',
      param,
    );
  }
  return value === '' ? null : value;
}

export function requiredString(value: FormValue | undefined, param: string): string {
  const text = optionalString(value, param);
  if (text === null) throw missingParam(param);
  return text;
}

export function optionalInteger(
  value: FormValue | undefined,
  param: string,
  min: number,
  max: number,
): number | null {
  const text = optionalString(value, param);
  if (text === null) return null;
  if (!/^-?\d+$/.test(text)) {
    throw invalidRequest(`Invalid integer: ${text}`, 'parameter_invalid_integer', param);
  }
  const number = Number(text);
  if (number < min) {
    throw invalidRequest(
      `This value must be greater than or equal to ${min}.`,
      'parameter_invalid_integer',
      param,
    );
  }
  if (number > max) {
    throw invalidRequest(
      `This value must be less than or equal to ${max}.`,
      'parameter_invalid_integer',
      param,
    );
  }
  return number;
}

export function requiredInteger(
  value: FormValue | undefined,
  param: string,
  min: number,
  max: number,
): number {
  const number = optionalInteger(value, param, min, max);
  if (number === null) throw missingParam(param);
  return number;
}

export function optionalObject(value: FormValue | undefined, param: string): FormObject | null {
  if (value === undefined || value === '') return null;
  if (!isFormObject(value)) {
    throw invalidRequest(
      `Invalid object: ${param} must be a hash.`,
      'parameter_invalid_object',
      param,
    );
  }
  return value;
}

/** Stripe lists allowed values as `a, b, or c`. */
export function oneOf(allowed: readonly string[]): string {
  if (allowed.length <= 2) return allowed.join(' or ');
  return `${allowed.slice(0, -1).join(', ')}, or ${allowed.at(-1) ?? ''}`;
}

export function optionalEnum<T extends string>(
  value: FormValue | undefined,
  param: string,
  allowed: readonly T[],
): T | null {
  const text = optionalString(value, param);
  if (text === null) return null;
  if (!(allowed as readonly string[]).includes(text)) {
    throw invalidRequest(
      `Invalid ${param}: must be one of ${oneOf(allowed)}`,
      'parameter_invalid',
      param,
    );
  }
  return text as T;
}

/** An absolute http(s) URL, kept as sent (so `{CHECKOUT_SESSION_ID}` stays literal). */
export function optionalUrl(value: FormValue | undefined, param: string): string | null {
  const text = optionalString(value, param);
  if (text === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidRequest('Not a valid URL', 'url_invalid', param);
  }
  return text;
}

/** Stripe metadata: up to 50 keys of at most 40 characters, string values of at most 500. */
export function metadata(value: FormValue | undefined, param: string): Record<string, string> {
  const object = optionalObject(value, param);
  const out: Record<string, string> = {};
  if (!object) return out;
  for (const [key, raw] of Object.entries(object)) {
    const keyParam = `${param}[${key}]`;
    if (typeof raw !== 'string') {
      throw invalidRequest(
        `Invalid value for ${keyParam}: metadata values must be strings.`,
        'parameter_invalid_string',
        keyParam,
      );
    }
    if (key.length > 40) {
      throw invalidRequest(
        `Metadata keys can have up to 40 characters (${keyParam}).`,
        'parameter_invalid',
        keyParam,
      );
    }
    if (raw.length > 500) {
      throw invalidRequest(
        `Metadata values can have up to 500 characters (${keyParam}).`,
        'parameter_invalid',
        keyParam,
      );
    }
    if (raw !== '') out[key] = raw;
  }
  if (Object.keys(out).length > 50) {
    throw invalidRequest('Metadata can have up to 50 keys.', 'parameter_invalid', param);
  }
  return out;
}

/** `expand[]` values (checked by the caller against what it can expand). */
export function expandList(form: FormObject): string[] {
  const value = form.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item, i) => requiredString(item, `expand[${i}]`));
}
