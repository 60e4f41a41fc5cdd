import { useEffect, useState } from 'react';

/**
 * The room page and the visit page of one case in two tabs of one browser: the room holds the
 * camera, so the visit page must not capture while it is open (iOS mutes or ends the other
 * tab's capture, Android refuses a second one). They talk over a BroadcastChannel (same origin,
 * same browser; nothing leaves it). No-op where BroadcastChannel is missing.
 */
const CHANNEL_NAME = 'telehealth-room-presence';

type PresenceMessage = { type: 'open' | 'closed' | 'query'; caseId: string };

function isPresenceMessage(value: unknown): value is PresenceMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, caseId } = value as Record<string, unknown>;
  return (type === 'open' || type === 'closed' || type === 'query') && typeof caseId === 'string';
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

/**
 * The room page of `caseId` says it is open (and answers a visit page's question) until it
 * unmounts (the end, the room taken to another page) or the tab goes away (`pagehide`).
 */
export function useAnnounceRoom(caseId: string | null): void {
  useEffect(() => {
    if (!caseId) return;
    const channel = openChannel();
    if (!channel) return;
    const post = (type: PresenceMessage['type']) => channel.postMessage({ type, caseId });
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (isPresenceMessage(message) && message.type === 'query' && message.caseId === caseId) {
        post('open');
      }
    };
    const hidden = () => post('closed');
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) post('open');
    };
    post('open');
    window.addEventListener('pagehide', hidden);
    window.addEventListener('pageshow', shown);
    return () => {
      window.removeEventListener('pagehide', hidden);
      window.removeEventListener('pageshow', shown);
      post('closed');
      channel.close();
    };
  }, [caseId]);
}

export interface RoomPresence {
  /** A room page of the case is open in another tab of this browser (it has the camera). */
  open: boolean;
  /** One was, at some point since this page loaded. */
  seen: boolean;
}

/** Whether a room page of `caseId` is open in another tab of this browser, or was. */
export function useRoomOpenElsewhere(caseId: string): RoomPresence {
  const [presence, setPresence] = useState<RoomPresence>({ open: false, seen: false });
  useEffect(() => {
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isPresenceMessage(message) || message.caseId !== caseId) return;
      if (message.type === 'open') setPresence({ open: true, seen: true });
      if (message.type === 'closed') setPresence((current) => ({ ...current, open: false }));
    };
    channel.postMessage({ type: 'query', caseId } satisfies PresenceMessage);
    return () => channel.close();
  }, [caseId]);
  return presence;
}
