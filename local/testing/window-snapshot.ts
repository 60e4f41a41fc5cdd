/**
 * What a unit file may change on a jsdom window that the next file of a shared worker would see
 * (local/testing/unit-file-teardown.ts): the document's content and attributes, storage,
 * cookies, the location, and the properties tests redefine on `document`, `navigator`, `URL`
 * and the prototypes of the elements they fake (`visibilityState`, `clipboard`, `wakeLock`,
 * `setSinkId`, `createObjectURL`, ...).
 */
export interface WindowSnapshot {
  readonly href: string;
  readonly head: string;
  readonly body: string;
  readonly attributes: ReadonlyMap<Element, readonly Attr[]>;
  readonly properties: ReadonlyMap<object, ReadonlyMap<PropertyKey, PropertyDescriptor>>;
}

/** The classes whose prototypes tests patch, by global name. */
const PATCHED_CLASSES = [
  'EventTarget',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLMediaElement',
  'HTMLDialogElement',
  'HTMLAnchorElement',
  'HTMLCanvasElement',
  'Document',
  'Navigator',
  'Storage',
];

function patchedObjects(): object[] {
  const globals = globalThis as unknown as Record<string, { prototype?: object } | undefined>;
  const prototypes = PATCHED_CLASSES.flatMap((name) => {
    const prototype = globals[name]?.prototype;
    return prototype ? [prototype] : [];
  });
  return [document, navigator, URL, ...prototypes];
}

function ownProperties(target: object): Map<PropertyKey, PropertyDescriptor> {
  return new Map(
    Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key)!]),
  );
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    a.value === b.value &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}

export function snapshotWindow(): WindowSnapshot {
  const elements = [document.documentElement, document.head, document.body];
  return {
    href: window.location.href,
    head: document.head.innerHTML,
    body: document.body.innerHTML,
    attributes: new Map(
      elements.map((element) => [
        element,
        [...element.attributes].map((attr) => attr.cloneNode() as Attr),
      ]),
    ),
    properties: new Map(patchedObjects().map((target) => [target, ownProperties(target)])),
  };
}

function restoreProperties(target: object, saved: ReadonlyMap<PropertyKey, PropertyDescriptor>) {
  for (const key of Reflect.ownKeys(target)) {
    if (!saved.has(key)) Reflect.deleteProperty(target, key);
  }
  for (const [key, descriptor] of saved) {
    const now = Reflect.getOwnPropertyDescriptor(target, key);
    if (!now || !sameDescriptor(now, descriptor)) Reflect.defineProperty(target, key, descriptor);
  }
}

/** Puts the window back as `snapshot` found it. */
export function restoreWindow(snapshot: WindowSnapshot): void {
  for (const [target, saved] of snapshot.properties) restoreProperties(target, saved);
  // A script still loading fails, as when its page goes away: a loader that keeps its promise
  // (Stripe.js's) forgets it, and the next file's page appends its own tag.
  for (const script of document.querySelectorAll('script'))
    script.dispatchEvent(new Event('error'));
  document.head.innerHTML = snapshot.head;
  document.body.innerHTML = snapshot.body;
  for (const [element, attributes] of snapshot.attributes) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const attr of attributes) element.setAttribute(attr.name, attr.value);
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', snapshot.href);
}
