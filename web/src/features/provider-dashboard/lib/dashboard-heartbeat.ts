import { ON_DUTY_HEARTBEAT_SECONDS } from '@shared/providers/on-duty';
import type { HeartbeatMessage } from '@shared/realtime/api';

/**
 * What counts as the doctor using the dashboard (issue 28 item 4): a pointer, a key, a touch, a
 * scroll, the tab shown again. Listened to on the document, passively: recording one costs a
 * clock read.
 */
export const USE_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'wheel',
  'visibilitychange',
] as const;

const HEARTBEAT_MS = ON_DUTY_HEARTBEAT_SECONDS * 1000;

export interface DashboardHeartbeat {
  /** Sends a heartbeat now (the socket just opened). */
  beat(): void;
  /** Stops the timer and the listeners (signed out, page left). */
  stop(): void;
}

/**
 * The dashboard's heartbeat on its alert socket (issue 28 item 4, shared/src/providers/on-duty.ts):
 * `{ action: 'heartbeat', usedAt }` every `ON_DUTY_HEARTBEAT_SECONDS`, where `usedAt` is the
 * doctor's last input on the page (the page's opening counts: a doctor opened it). A doctor back
 * after an idle spell (no heartbeat has carried a use for a whole interval) is reported at once,
 * not up to a minute later, so the count before paying follows them; otherwise an input sends
 * nothing (at most two frames a minute, far within the socket's message budget). `send` answers
 * whether the socket was open: a beat lost while it was closed is sent again when it opens.
 */
export function startDashboardHeartbeat({
  send,
  doc = document,
  now = Date.now,
}: {
  send: (message: HeartbeatMessage) => boolean;
  doc?: Document;
  now?: () => number;
}): DashboardHeartbeat {
  let usedAt = now();
  /** The `usedAt` the last heartbeat that reached an open socket carried. */
  let reportedUsedAt = Number.NEGATIVE_INFINITY;

  const beat = () => {
    if (send({ action: 'heartbeat', usedAt: new Date(usedAt).toISOString() })) {
      reportedUsedAt = usedAt;
    }
  };
  const onUse = () => {
    // A tab going to the background is no use of it.
    if (doc.visibilityState === 'hidden') return;
    usedAt = now();
    if (usedAt - reportedUsedAt >= HEARTBEAT_MS) beat();
  };
  const timer = setInterval(beat, HEARTBEAT_MS);
  for (const type of USE_EVENTS) {
    doc.addEventListener(type, onUse, { capture: true, passive: true });
  }
  return {
    beat,
    stop() {
      clearInterval(timer);
      for (const type of USE_EVENTS) doc.removeEventListener(type, onUse, { capture: true });
    },
  };
}
