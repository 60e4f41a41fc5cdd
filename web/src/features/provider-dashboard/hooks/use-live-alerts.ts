import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  caseAlertSchema,
  patientPresenceMessageSchema,
  type CaseAlert,
} from '@shared/realtime/api';
import { getRealtimeTicket } from '../api/realtime';
import { providerKeys } from '../api/keys';
import { openTicketSocket, type TicketSocket } from '@web/lib/realtime/ticket-socket';
import { coalescedRefresh } from '../lib/coalesced-refresh';
import { startDashboardHeartbeat, type DashboardHeartbeat } from '../lib/dashboard-heartbeat';

/**
 * Live alerts while signed in (spec doc 2 §7): a `NEW_CASE_CREATED` or `CASE_PAID_READY` message
 * refreshes the case lists (at most every ALERT_REFRESH_MIN_MS, lib/coalesced-refresh.ts) and is
 * handed to `onAlert`; `PATIENT_PRESENCE` refreshes them only. A reconnect, and the tab becoming visible,
 * refresh too (alerts may have been missed meanwhile). The socket also carries the dashboard's
 * heartbeat (lib/dashboard-heartbeat.ts: the doctor on duty, issue 28). Returns whether the
 * socket is open: the Live Alerts / Offline indicator.
 */
export function useLiveAlerts(
  onAlert: (alert: CaseAlert) => void,
  { WebSocketImpl }: { WebSocketImpl?: typeof WebSocket } = {},
): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const onAlertRef = useRef(onAlert);
  useEffect(() => {
    onAlertRef.current = onAlert;
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: providerKeys.cases() });
    // Alerts refresh at most every ALERT_REFRESH_MIN_MS (issue 29: at the design load they come
    // several times a second); a reconnect or the tab coming back refreshes at once.
    const alertRefresh = coalescedRefresh(refresh);
    // Whether this doctor is on duty (issue 28): beats on the same socket, at once when it opens.
    const heartbeat: DashboardHeartbeat = startDashboardHeartbeat({
      send: (message) => socket.send(message),
    });
    const socket: TicketSocket = openTicketSocket({
      getTicket: getRealtimeTicket,
      onConnectedChange: setConnected,
      onReconnect: refresh,
      onOpen: () => heartbeat.beat(),
      onMessage: (message) => {
        // The patient of a case this doctor holds came or left (issue 27): the card and the
        // details read the stored presence again. No toast, no sound: it is not a new case.
        if (patientPresenceMessageSchema.safeParse(message).success) return alertRefresh.request();
        const alert = caseAlertSchema.safeParse(message);
        if (!alert.success) return; // PONG, or a type this page does not know.
        alertRefresh.request();
        onAlertRef.current(alert.data);
      },
      ...(WebSocketImpl ? { WebSocketImpl } : {}),
    });
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      refresh();
      socket.wake();
    };
    const onOnline = () => socket.wake();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      heartbeat.stop();
      alertRefresh.stop();
      socket.close();
    };
  }, [queryClient, WebSocketImpl]);

  return connected;
}
