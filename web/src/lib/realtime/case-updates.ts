import {
  caseUpdatedMessageSchema,
  PUSHED_PAGE_POLL_MS,
  queueMovedMessageSchema,
} from '@shared/realtime/api';
import type { CaseWaitResponse } from '@shared/cases/queue-wait';
import { createCaseRealtimeTicket } from '@shared/realtime/contracts';
import { request } from '@web/lib/api';
import { isUnknownCaseError } from '@web/lib/case-status';
import { patientKeyHeaders } from '@web/lib/patient-key';
import { openTicketSocket, type TicketSocket } from './ticket-socket';

/**
 * Push to patient pages (issue 12, docs/adr/0007): one `/ws` connection per case for the whole
 * tab, however many of its components listen (the verification page shows the video access
 * panel, and both watch the same case). The connection opens with a ticket from
 * `POST /api/cases/{caseId}/realtime-ticket`, reconnects with `ticket-socket.ts`'s backoff, and
 * tells its listeners when the case changed (`CASE_UPDATED`) and whether it is open. No React
 * here: `use-case-updates.ts` wires it to the pages.
 */

/**
 * `POST /api/cases/{caseId}/realtime-ticket`: a single-use ticket for this case's updates, for the
 * holder of the patient's key only (docs/adr/0012).
 */
export async function getCaseTicket(caseId: string): Promise<string> {
  const { ticket } = await request(createCaseRealtimeTicket, {
    params: { caseId },
    headers: patientKeyHeaders(caseId),
  });
  return ticket;
}

/**
 * A page's poll interval: the spec's own while no socket is open (no ticket yet, connecting,
 * closed, reconnecting), the 30-second safety net while the case's socket is open.
 */
export function pollInterval(specMs: number, pushed: boolean): number {
  return pushed ? Math.max(specMs, PUSHED_PAGE_POLL_MS) : specMs;
}

export interface CaseUpdateListener {
  /**
   * The page's answer may be out of date: the case changed (`CASE_UPDATED`), or the socket has
   * just opened and a change may have come before it did.
   */
  onChange: () => void;
  /** The socket opened or closed. */
  onOpenChange: () => void;
  /**
   * The queue ahead of this waiting case moved (`QUEUE_MOVED`, issue 28 item 5): its new place
   * and estimate, as `GET /api/cases/{caseId}/wait` answers them; its status did not change.
   */
  onQueueMoved?: (wait: CaseWaitResponse) => void;
}

interface CaseChannel {
  socket: TicketSocket;
  open: boolean;
  listeners: Set<CaseUpdateListener>;
  stopWaking: () => void;
}

const channels = new Map<string, CaseChannel>();

export interface CaseChannelOptions {
  WebSocketImpl?: typeof WebSocket;
}

function openChannel(caseId: string, { WebSocketImpl }: CaseChannelOptions): CaseChannel {
  const listeners = new Set<CaseUpdateListener>();
  const each = (call: (listener: CaseUpdateListener) => void) => [...listeners].forEach(call);
  // The callbacks below run only after `openTicketSocket` returned (a ticket is awaited first).
  const channel: CaseChannel = {
    listeners,
    open: false,
    socket: openTicketSocket({
      getTicket: () =>
        getCaseTicket(caseId).catch((error: unknown) => {
          // The case does not exist: asking again will not help, and the page says so.
          if (isUnknownCaseError(error)) channel.socket.close();
          throw error;
        }),
      onConnectedChange: (open) => {
        channel.open = open;
        each((listener) => listener.onOpenChange());
        if (open) each((listener) => listener.onChange());
      },
      // Covered by `onConnectedChange`: every open asks the page to refresh.
      onReconnect: () => undefined,
      onMessage: (message) => {
        const update = caseUpdatedMessageSchema.safeParse(message);
        if (update.success && update.data.caseId === caseId) {
          each((listener) => listener.onChange());
        }
        const moved = queueMovedMessageSchema.safeParse(message);
        if (moved.success && moved.data.caseId === caseId) {
          each((listener) => listener.onQueueMoved?.(moved.data.wait));
        }
      },
      ...(WebSocketImpl ? { WebSocketImpl } : {}),
    }),
    stopWaking: () => undefined,
  };
  // A tab coming back to the foreground, or a browser back online, reconnects at once instead
  // of at the end of its backoff. Shown again, the page also refetches at once (issue 27): a
  // phone's background tab has its timers throttled and may have slept through a push, so
  // what it shows may be minutes old.
  const wake = () => {
    if (document.visibilityState !== 'visible') return;
    channel.socket.wake();
    each((listener) => listener.onChange());
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  channel.stopWaking = () => {
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', wake);
  };
  return channel;
}

/**
 * Listens to a case's updates; the connection opens with the first listener of the case and
 * closes with the last. Returns the unsubscribe function.
 */
export function subscribeToCase(
  caseId: string,
  listener: CaseUpdateListener,
  options: CaseChannelOptions = {},
): () => void {
  let channel = channels.get(caseId);
  if (!channel) {
    channel = openChannel(caseId, options);
    channels.set(caseId, channel);
  }
  const subscribed = channel;
  subscribed.listeners.add(listener);
  return () => {
    subscribed.listeners.delete(listener);
    if (subscribed.listeners.size > 0 || channels.get(caseId) !== subscribed) return;
    channels.delete(caseId);
    subscribed.stopWaking();
    subscribed.socket.close();
  };
}

/** Whether this case's socket is open now. */
export function isCaseChannelOpen(caseId: string): boolean {
  return channels.get(caseId)?.open ?? false;
}
