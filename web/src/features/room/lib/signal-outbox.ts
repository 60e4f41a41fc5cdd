import type { RoomSignalMessage, Signal } from '@shared/meetings/signalling';

/** Signals kept while the socket is down, sent once it is back (offers, answers, candidates). */
export const MAX_QUEUED_SIGNALS = 200;

/**
 * This page's outgoing signals (issue 26): each is addressed `to` the other party's current page
 * and numbered with this page's `seq`, so the other page can drop a late description. Signals
 * made while the socket is down wait and go out after the next hello.
 */
export interface SignalOutbox {
  /** Sends now, or keeps it for `flush`; nothing goes out before the other page is known. */
  send(from: string, to: string | null, signal: Signal): void;
  /** After a hello: sends what waited, in order. */
  flush(send: (message: unknown) => void): void;
  /** A new peer connection: what waited belongs to the old one. */
  clear(): void;
}

export function createSignalOutbox(trySend: (message: unknown) => boolean): SignalOutbox {
  let seq = 0;
  let queued: RoomSignalMessage[] = [];
  return {
    send(from, to, signal) {
      if (!to) return;
      seq += 1;
      const message: RoomSignalMessage = { action: 'signal', peerId: from, to, seq, signal };
      if (trySend(message)) return;
      if (queued.length < MAX_QUEUED_SIGNALS) queued.push(message);
    },
    flush(send) {
      const waiting = queued;
      queued = [];
      for (const message of waiting) send(message);
    },
    clear() {
      queued = [];
    },
  };
}
