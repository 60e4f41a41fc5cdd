import { ROOM_HEARTBEAT_INTERVAL_MS } from '../../../shared/src/meetings/signalling';
import { ON_DUTY_HEARTBEAT_SECONDS } from '../../../shared/src/providers/on-duty';
import { PING_INTERVAL_MS } from '../../../shared/src/realtime/api';
import { ALERT_REFRESH_MIN_MS } from '../../../web/src/features/provider-dashboard/lib/coalesced-refresh';
import {
  assumptions,
  concurrentRelayedCalls,
  providersOnline,
  requestsPerMinute,
  turnAssumptions,
} from '../capacity';
import { queueMovedPushesPerSecond } from './queue-pushes';
import { webSocketQuotas } from './quotas';

/**
 * Every WebSocket connection and message of the stage at a number of waiting patients (issue 29
 * item 2, docs/capacity.md "Connections and messages"): the patients' pages, the doctors'
 * dashboards and the rooms, what each sends (pings, heartbeats, signalling) and what the
 * functions push back (API Gateway's callbacks, `PostToConnection`, which count against the
 * account's throttle like any request). The intervals are the web app's own constants.
 */
export const socketAssumptions = {
  /**
   * Case sockets per waiting patient: one per case for the whole tab (docs/adr/0007), opened by
   * the processing, visit and video access pages. A second tab is another socket; the headroom
   * of the throttles covers a few.
   */
  socketsPerWaitingPatient: 1,
  /**
   * Frames a call's two pages send to start it: the doctor's hello, offer and 16 candidates,
   * the patient's hello, answer and 4 (24, measured on the local stack, docs/capacity.md
   * "WebSocket message budget"), doubled for the relay candidates each TURN URI adds.
   */
  signallingFramesPerCall: 48,
  /**
   * Case transitions that reach the case's own pages as `CASE_UPDATED` (paid, claimed, call
   * started, call ended): one push each to the case's socket.
   */
  caseUpdatesPerConsult: 4,
  /** Alerts every dashboard hears per case: `NEW_CASE_CREATED`, then `CASE_PAID_READY`. */
  alertsPerConsult: 2,
  /**
   * The fewest seconds between two case-list reloads that alerts cause on one dashboard
   * (use-live-alerts.ts coalesces them, `ALERT_REFRESH_MIN_MS`): at the design load alerts come
   * about once a second to every dashboard, and a reload per alert would read every shared
   * counter item 500 times a second.
   */
  alertReloadMinSeconds: ALERT_REFRESH_MIN_MS / 1000,
  /** Case sockets a consult opens: its pages share one per tab. */
  caseSocketsPerConsult: 1,
} as const;

/** Consultations started (and finished) per second: every doctor in a call, one call at a time. */
export function consultsPerSecond(waitingPatients: number = assumptions.waitingPatients): number {
  return concurrentRelayedCalls(waitingPatients) / turnAssumptions.callSeconds;
}

/** Open WebSocket connections, by kind. API Gateway sets no quota on them (quotas.ts). */
export function webSocketConnections(waitingPatients: number = assumptions.waitingPatients) {
  const patients = waitingPatients * socketAssumptions.socketsPerWaitingPatient;
  const dashboards = providersOnline(waitingPatients);
  const rooms = concurrentRelayedCalls(waitingPatients) * turnAssumptions.partiesPerCall;
  return { patients, dashboards, rooms, total: patients + dashboards + rooms };
}

/**
 * New connections per second in steady state: every socket is replaced when API Gateway ends
 * it at its 2-hour limit, each consult opens its case socket, and both room pages connect.
 */
export function webSocketConnectsPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const open = webSocketConnections(waitingPatients);
  const consults = consultsPerSecond(waitingPatients);
  return (
    (open.patients + open.dashboards) / webSocketQuotas.connectionSeconds +
    consults * (socketAssumptions.caseSocketsPerConsult + turnAssumptions.partiesPerCall)
  );
}

/** Frames the pages send per second in steady state, by kind (each is one WebSocket message). */
export function webSocketMessagesPerSecond(waitingPatients: number = assumptions.waitingPatients) {
  const open = webSocketConnections(waitingPatients);
  const pings = (open.patients + open.dashboards) / (PING_INTERVAL_MS / 1000);
  const heartbeats = open.dashboards / ON_DUTY_HEARTBEAT_SECONDS;
  const roomHeartbeats = open.rooms / (ROOM_HEARTBEAT_INTERVAL_MS / 1000);
  const signalling = consultsPerSecond(waitingPatients) * socketAssumptions.signallingFramesPerCall;
  return {
    pings,
    heartbeats,
    roomHeartbeats,
    signalling,
    total: pings + heartbeats + roomHeartbeats + signalling,
  };
}

/**
 * Pushes (`PostToConnection`) per second, by kind: alerts to every dashboard, `CASE_UPDATED` to
 * the case's pages, `QUEUE_MOVED` to the waiting pages (queue-pushes.ts). Room relays are one
 * push per signalling frame.
 */
export function pushesPerSecond(waitingPatients: number = assumptions.waitingPatients) {
  const consults = consultsPerSecond(waitingPatients);
  const alerts = consults * socketAssumptions.alertsPerConsult * providersOnline(waitingPatients);
  const caseUpdates = consults * socketAssumptions.caseUpdatesPerConsult;
  const queueMoved = queueMovedPushesPerSecond(waitingPatients);
  const roomRelays = webSocketMessagesPerSecond(waitingPatients).signalling;
  return {
    alerts,
    caseUpdates,
    queueMoved,
    roomRelays,
    total: alerts + caseUpdates + queueMoved + roomRelays,
  };
}

/**
 * `GET /api/cases` per second from the alerts, on top of the 30-second poll: each dashboard
 * reloads its list on an alert, at most once per `alertReloadMinSeconds`.
 */
export function alertReloadsPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const dashboards = providersOnline(waitingPatients);
  const alertsPerDashboard = pushesPerSecond(waitingPatients).alerts / dashboards;
  return dashboards * Math.min(alertsPerDashboard, 1 / socketAssumptions.alertReloadMinSeconds);
}

/**
 * Case-list reads per second of all dashboards: the poll plus the reloads after alerts (for the
 * DynamoDB arithmetic of the case list, docs/capacity.md "DynamoDB").
 */
export function caseListRequestsPerSecond(
  waitingPatients: number = assumptions.waitingPatients,
): number {
  const polls = (providersOnline(waitingPatients) * requestsPerMinute('providerDashboard')) / 60;
  return polls + alertReloadsPerSecond(waitingPatients);
}
