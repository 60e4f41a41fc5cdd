import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { isNetworkError } from './network';
import {
  enqueueForm,
  OFFLINE_QUEUE_MAX_ATTEMPTS,
  readQueue,
  recordFailedAttempt,
  removeEntry,
  subscribeToQueue,
  takeExpired,
  type OfflineQueueEntry,
} from './offline-queue';

export interface UseOfflineQueueOptions<T, R> {
  /** Sends one queued form; rejects when it could not be sent. */
  send: (formData: T) => Promise<R>;
  onSent?: (entry: OfflineQueueEntry<T>, result: R) => void;
  /** The entry failed `maxAttempts` times and was removed. */
  onDropped?: (entry: OfflineQueueEntry<T>, error: unknown) => void;
  /** Entries older than 24 hours were removed unsent. */
  onExpired?: (entries: OfflineQueueEntry<T>[]) => void;
  maxAttempts?: number;
}

/** One flush at a time per page, however many components use the queue. */
let flushInFlight: Promise<void> | null = null;

const getServerSnapshot = () => [] as readonly OfflineQueueEntry[];

/**
 * The offline form queue as a hook: `enqueue` keeps a form that could not be sent; queued forms
 * are sent, oldest first, when the `online` event fires (and when the page opens online).
 * A failed send counts an attempt; after `maxAttempts` the entry is dropped.
 */
export function useOfflineQueue<T, R>(options: UseOfflineQueueOptions<T, R>) {
  const entries = useSyncExternalStore(
    subscribeToQueue,
    readQueue,
    getServerSnapshot,
  ) as readonly OfflineQueueEntry<T>[];

  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const flush = useCallback((): Promise<void> => {
    if (flushInFlight) return flushInFlight;
    const run = async () => {
      const { send, onSent, onDropped, onExpired } = optionsRef.current;
      const maxAttempts = optionsRef.current.maxAttempts ?? OFFLINE_QUEUE_MAX_ATTEMPTS;
      const expired = takeExpired<T>();
      if (expired.length > 0) onExpired?.(expired);

      for (const entry of readQueue<T>()) {
        try {
          const result = await send(entry.formData);
          removeEntry(entry.id);
          onSent?.(entry, result);
        } catch (error) {
          const attempts = recordFailedAttempt(entry.id);
          if (attempts >= maxAttempts) {
            removeEntry(entry.id);
            onDropped?.({ ...entry, attempts }, error);
          }
          // Still no network: the next `online` event tries again.
          if (isNetworkError(error)) break;
        }
      }
    };
    flushInFlight = run().finally(() => {
      flushInFlight = null;
    });
    return flushInFlight;
  }, []);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    // Sending is attempted even when the browser claims to be offline: a network failure
    // costs one quick rejected request, a wrong `onLine` would strand the queue.
    if (readQueue().length > 0) void flush();
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const enqueue = useCallback((formData: T) => enqueueForm(formData), []);

  return { entries, enqueue, flush };
}
