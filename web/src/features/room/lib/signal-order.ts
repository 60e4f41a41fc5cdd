import type { Signal } from '@shared/meetings/signalling';

/**
 * Which relayed signals this page may use (issue 26, DESIGN.md §7). The WebSocket API relays
 * each message in its own Lambda invocation, so two descriptions can overtake each other, and
 * a signal meant for another page of this party (one it replaced) can still be on its way:
 * - a signal whose `to` is not this page's `peerId` is dropped;
 * - a description whose `seq` is not above the last description applied from the same sender
 *   page is late (a newer one is in) and dropped, never applied.
 * Candidates are not ordered here: the negotiation holds those that come before their
 * description, and a stale one fails to apply harmlessly.
 */
export interface RelayedSignal {
  peerId: string;
  to: string;
  seq: number;
  signal: Signal;
}

export interface SignalOrder {
  /** Whether this page uses the signal now; records a description's `seq` when it does. */
  accept(message: RelayedSignal, ownPeerId: string): boolean;
}

export function createSignalOrder(): SignalOrder {
  /** The `seq` of the last description taken from each sender page. */
  const lastDescription = new Map<string, number>();
  return {
    accept(message, ownPeerId) {
      if (message.to !== ownPeerId) return false;
      if (!('description' in message.signal)) return true;
      const last = lastDescription.get(message.peerId);
      if (last !== undefined && message.seq <= last) return false;
      lastDescription.set(message.peerId, message.seq);
      return true;
    },
  };
}
