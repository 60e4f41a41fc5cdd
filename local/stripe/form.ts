/**
 * Decodes Stripe's form encoding (what stripe-node sends): nested objects in bracket notation
 * (`metadata[case_id]=…`), arrays by index (`line_items[0][quantity]=1`) or by `[]`
 * (`expand[]=payment_intent`). Every leaf stays a string; the caller checks types.
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = 'FormError';
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Internal tree: objects only (arrays are recognised afterwards from their index keys). */
interface Node {
  [key: string]: Node | string;
}

function splitKey(key: string): string[] {
  const match = KEY_PATTERN.exec(key);
  if (!match?.[1]) throw new FormError(`Invalid parameter name: ${key}`, key);
  const rest = match[2] ?? '';
  const segments = [match[1], ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
  for (const segment of segments) {
    if (FORBIDDEN_KEYS.has(segment)) throw new FormError(`Invalid parameter name: ${key}`, key);
  }
  return segments;
}

function isNode(value: Node | string | undefined): value is Node {
  return typeof value === 'object';
}

function insert(root: Node, key: string, value: string): void {
  const segments = splitKey(key);
  let node = root;
  for (let i = 0; i < segments.length; i += 1) {
    let segment = segments[i] ?? '';
    const last = i === segments.length - 1;
    if (segment === '') segment = String(Object.keys(node).length); // `a[]` appends
    const existing = node[segment];
    if (last) {
      if (isNode(existing)) throw new FormError(`Invalid hash or array: ${key}`, key);
      node[segment] = value;
      return;
    }
    if (existing === undefined) {
      const child: Node = {};
      node[segment] = child;
      node = child;
    } else if (isNode(existing)) {
      node = existing;
    } else {
      throw new FormError(`Invalid hash or array: ${key}`, key);
    }
  }
}

function finish(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => finish(node[String(k)] ?? ''));
  }
  const out: FormObject = {};
  for (const key of keys) out[key] = finish(node[key] ?? '');
  return out;
}

export function parseForm(encoded: string): FormObject {
  const root: Node = {};
  for (const [key, value] of new URLSearchParams(encoded)) insert(root, key, value);
  const parsed = finish(root);
  return typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
}

export function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}
