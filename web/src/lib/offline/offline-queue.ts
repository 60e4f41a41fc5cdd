/**
 * The offline form queue (spec doc 1 §3, §9): forms that could not be sent are kept in local
 * storage as `{ id, formData, timestamp, attempts }` and sent when the network is back. Only text
 * fields are kept: files cannot be stored, so the patient attaches them again.
 */

export const OFFLINE_QUEUE_KEY = 'telehealth.offlineQueue';
/** An entry is dropped after this many failed sends. */
export const OFFLINE_QUEUE_MAX_ATTEMPTS = 3;
/** Local storage entries expire after 24 hours (spec doc 1 §9). */
export const OFFLINE_QUEUE_TTL_MS = 24 * 60 * 60 * 1000;

export interface OfflineQueueEntry<T = unknown> {
  id: string;
  formData: T;
  /** When it was queued, in epoch milliseconds. */
  timestamp: number;
  /** Failed sends so far. */
  attempts: number;
}

const EMPTY: readonly OfflineQueueEntry[] = Object.freeze([]);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is OfflineQueueEntry {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.timestamp === 'number' &&
    typeof entry.attempts === 'number' &&
    'formData' in entry
  );
}

let cachedRaw: string | null = null;
let cachedEntries: readonly OfflineQueueEntry[] = EMPTY;

function parse(raw: string | null): readonly OfflineQueueEntry[] {
  if (raw === cachedRaw) return cachedEntries;
  let entries: readonly OfflineQueueEntry[] = EMPTY;
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(value)) entries = value.filter(isEntry);
  } catch {
    entries = EMPTY;
  }
  cachedRaw = raw;
  cachedEntries = entries;
  return entries;
}

/** The queued entries, oldest first (a stable array while storage does not change). */
export function readQueue<T = unknown>(): readonly OfflineQueueEntry<T>[] {
  return parse(storage()?.getItem(OFFLINE_QUEUE_KEY) ?? null) as readonly OfflineQueueEntry<T>[];
}

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Writes the queue; false when storage is unavailable or full. */
function writeQueue(entries: readonly OfflineQueueEntry[]): boolean {
  const store = storage();
  if (!store) return false;
  try {
    if (entries.length === 0) store.removeItem(OFFLINE_QUEUE_KEY);
    else store.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(entries));
  } catch {
    return false;
  } finally {
    notify();
  }
  return true;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Adds a form to the queue; null when it could not be stored. */
export function enqueueForm<T>(formData: T, now = Date.now()): OfflineQueueEntry<T> | null {
  const entry: OfflineQueueEntry<T> = { id: randomId(), formData, timestamp: now, attempts: 0 };
  return writeQueue([...readQueue(), entry]) ? entry : null;
}

export function removeEntry(id: string): void {
  writeQueue(readQueue().filter((entry) => entry.id !== id));
}

/** Counts a failed send; returns the new attempt count. */
export function recordFailedAttempt(id: string): number {
  let attempts = 0;
  writeQueue(
    readQueue().map((entry) => {
      if (entry.id !== id) return entry;
      attempts = entry.attempts + 1;
      return { ...entry, attempts };
    }),
  );
  return attempts;
}

/** Removes and returns the entries queued more than 24 hours ago. */
export function takeExpired<T = unknown>(now = Date.now()): OfflineQueueEntry<T>[] {
  const entries = readQueue<T>();
  const expired = entries.filter((entry) => now - entry.timestamp > OFFLINE_QUEUE_TTL_MS);
  if (expired.length > 0) writeQueue(entries.filter((entry) => !expired.includes(entry)));
  return expired;
}

/** Subscribes to queue changes in this tab and (through the `storage` event) in other tabs. */
export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === OFFLINE_QUEUE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
