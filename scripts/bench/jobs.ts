import type { QuerySpec } from '#db/table';
import type { Spread } from './stats';

/**
 * What the bench's main process (which runs the local stack) asks its load process to do, and
 * what comes back. The load never runs in the stack's event loop: its timers and the gateway's
 * request handling would delay each other, which is how the old bench reported p99s 6–7 times
 * those a separate process sees (issue 12).
 */

/** What a closed loop sends: a GET through the gateway, or a raw request to DynamoDB Local. */
export type Target =
  | { kind: 'http'; url: string; headers?: Record<string, string> }
  | { kind: 'dynamodb-get'; endpoint: string; key: Record<string, unknown> }
  | { kind: 'dynamodb-query'; endpoint: string; query: QuerySpec };

export interface ClosedLoopJob {
  kind: 'closed-loop';
  name: string;
  target: Target;
  concurrency: number;
  warmupMs: number;
  measureMs: number;
}

/**
 * Several closed loops run one after the other in one load process, in the order given (the
 * status comparison alternates raw and app rounds, so a burst of other work on the machine hits
 * both sides alike).
 */
export interface ClosedLoopsJob {
  kind: 'closed-loops';
  loops: ClosedLoopJob[];
}

export interface LoadFigures extends Spread {
  name: string;
  concurrency: number;
  /** Requests measured (after the warm-up). */
  requests: number;
  /** Answers that were not 200 (or a DynamoDB error), and network errors. */
  errors: number;
  throughputPerSecond: number;
  /** The measured latencies and span, so rounds of the same figure can be merged. */
  samples?: { latencies: Float64Array; seconds: number };
}

/** The waiting pages and the call each polls (spec patient-side.md §9's API table). */
export type WaitingPage = 'visit' | 'paymentProcessing' | 'paymentVerification';

export interface WaitingPatient {
  page: WaitingPage;
  caseId: string;
  patientId: string;
  /** Sent on the case ticket's request, as the patient's browser does (docs/adr/0012). */
  patientKey: string;
}

export interface WaitingRoomJob {
  kind: 'waiting-room';
  appUrl: string;
  patients: WaitingPatient[];
  /** Each page's polling interval: the spec's, or the safety-net interval with push. */
  intervalMs: Record<WaitingPage, number>;
  /** With push, each patient first takes a ticket and keeps `/ws?ticket=…` open. */
  push: boolean;
  /** Polls due before this are warm-up; the figures cover [warmupMs, warmupMs + measureMs). */
  warmupMs: number;
  measureMs: number;
  /** A poll not answered this long after it was due counts as a timeout. */
  timeoutMs: number;
}

export interface PollFigures {
  /** Every poll due in the window, answered or not; timeouts count at the timeout. */
  latency: Spread;
  sent: number;
  ok: number;
  refused: number;
  refusedWithRetryAfter: number;
  /** Latency of the 503s only: shedding should answer them fast. */
  refusalLatency: Spread;
  /**
   * Of that, the time a 503's poll waited in the load process for a free pooled connection
   * (from when it was due): part of its latency, as a patient's request waiting in CloudFront
   * would be, but spent before the gateway could see it.
   */
  refusalConnectionWait: Spread;
  /** Answers other than 200 and 503, and network errors. */
  errors: number;
  /** The errors by HTTP status, or by network error code (ECONNRESET, …) without an answer. */
  errorsByStatus: Record<string, number>;
  timeouts: number;
  /** How late the load process sent its requests: if high, the figures are the load's own. */
  sendLag: Spread;
  requestsPerPatientMinute: number;
}

export interface PushSetupFigures {
  /** False when `POST /api/cases/{caseId}/realtime-ticket` is not a route (404 for a real case). */
  available: boolean;
  tickets: Spread;
  ticketErrors: number;
  /** Tickets answered 503 and asked again after `Retry-After` (errors only if the last try failed). */
  ticketRetries: number;
  socketsOpened: number;
  socketErrors: number;
  /** Sockets that closed during the measured run (the page would fall back to fast polling). */
  socketsLost: number;
  setupMs: number;
}

export interface WaitingRoomFigures {
  patients: number;
  push: boolean;
  setup: PushSetupFigures | null;
  polls: PollFigures | null;
}

/**
 * Lighthouse runs per page. Its variability guide: the median of 5 runs is about twice as
 * stable as one; 3 is what the bench's time allows.
 */
export const LIGHTHOUSE_RUNS = 3;

export interface LighthouseJob {
  kind: 'lighthouse';
  urls: string[];
  runsPerPage: number;
}

export interface LighthouseFigures {
  url: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export type Job = ClosedLoopJob | ClosedLoopsJob | WaitingRoomJob | LighthouseJob;

export type ResultOf<J extends Job> = J extends ClosedLoopJob
  ? LoadFigures
  : J extends ClosedLoopsJob
    ? LoadFigures[]
    : J extends WaitingRoomJob
      ? WaitingRoomFigures
      : LighthouseFigures[];
