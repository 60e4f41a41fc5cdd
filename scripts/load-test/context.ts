import type { Agent } from 'node:http';
import WebSocket from 'ws';
import { realtimeTicketResponseSchema, TICKET_QUERY_PARAM } from '@shared/realtime/api';
import { httpRequest, type HttpOutcome } from '../bench/http-client';
import type { PendingAnswers } from './pending';
import { OK, type StepRecorder, type TrafficKind } from './recorder';

/**
 * What every client of the load test shares: where the stage is, the pooled connections, the
 * step being recorded, and the requests still in flight.
 */
export interface LoadContext {
  baseUrl: URL;
  /** The WebSocket endpoint (`wss://…/ws` on a stage: CloudFront's `/ws` behaviour). */
  wsUrl: URL;
  /** A request or socket not answered this long after it was due counts as `timeout`. */
  timeoutMs: number;
  agent: Agent;
  /** The current step's figures: an attempt is recorded in the step it was sent in. */
  recorder: StepRecorder;
  inFlight: Set<Promise<void>>;
  /** Pings waiting for their PONG, signals waiting to be relayed. */
  answers: PendingAnswers;
}

/** One periodic thing a page does: the schedule fires it every `intervalMs`. */
export interface Periodic {
  intervalMs: number;
  fire: (dueAt: number) => void;
}

/** An outcome's name in the figures: `ok`, the status, the network error, or `timeout`. */
export function outcomeOf(outcome: HttpOutcome, expected = 200): string {
  if (outcome.timedOut) return 'timeout';
  if (outcome.status === expected) return OK;
  return outcome.status === 0 ? (outcome.networkError ?? 'network') : String(outcome.status);
}

/** Tracks a promise until it settles, so a step waits for what it sent. */
export function track(context: LoadContext, work: Promise<void>): void {
  context.inFlight.add(work);
  void work.finally(() => context.inFlight.delete(work));
}

/** One request of the open-loop schedule, its latency counted from when it was due. */
export function sendPoll(
  context: LoadContext,
  kind: TrafficKind,
  url: URL,
  headers: Record<string, string>,
  dueAt: number,
): void {
  const recorder = context.recorder;
  const request = httpRequest(context.agent, url, {
    headers,
    timeoutMs: dueAt + context.timeoutMs - performance.now(),
  }).then((outcome) => {
    const latency = outcome.timedOut ? context.timeoutMs : performance.now() - dueAt;
    recorder.record(kind, outcomeOf(outcome), latency);
  });
  track(context, request);
}

/** `POST` a ticket route (`kind`): the ticket, or null with the failure recorded. */
async function requestTicket(
  context: LoadContext,
  kind: TrafficKind,
  path: string,
  headers: Record<string, string>,
): Promise<string | null> {
  const recorder = context.recorder;
  const sentAt = performance.now();
  const outcome = await httpRequest(context.agent, new URL(path, context.baseUrl), {
    method: 'POST',
    headers: { origin: context.baseUrl.origin, ...headers },
    timeoutMs: context.timeoutMs,
    readBody: true,
  });
  const latency = performance.now() - sentAt;
  const name = outcomeOf(outcome);
  if (name !== OK) {
    recorder.record(kind, name, latency);
    return null;
  }
  const parsed = realtimeTicketResponseSchema.safeParse(safeJson(outcome.body));
  recorder.record(kind, parsed.success ? OK : 'bad answer', latency);
  return parsed.success ? parsed.data.ticket : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A page's live socket as the page opens it: a ticket from `ticketPath`, then the socket, whose
 * messages are counted by type into `counts`. Null when either step failed (recorded under
 * its kind): the page goes on by polling.
 */
export async function openTicketedSocket(
  context: LoadContext,
  kinds: { ticket: TrafficKind; socket: TrafficKind },
  ticketPath: string,
  headers: Record<string, string>,
  counts: Map<string, number>,
): Promise<TestSocket | null> {
  const ticket = await requestTicket(context, kinds.ticket, ticketPath, headers);
  if (!ticket) return null;
  return openSocket(context, kinds.socket, ticket, (message) => {
    const type = String(message.type);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  });
}

/** A socket of the test: its messages go to `onMessage`; `closedByTest` after `close()`. */
export interface TestSocket {
  socket: WebSocket;
  isOpen(): boolean;
  send(message: unknown): boolean;
  /** Pings (`{action:'ping'}`); its PONG is recorded as `kind`, or `lost`. */
  ping(kind: TrafficKind): void;
  close(): void;
}

let pingSequence = 0;

/**
 * Opens `/ws?ticket=…` with the app's Origin, as a page does; the connect is recorded as
 * `kind` (`refused 401` when `$connect` refuses, the network error, or `timeout`). A socket
 * that closes before the test closes it counts as dropped, unless `expectClose()` says the
 * server had announced it (a meeting that ended).
 */
export function openSocket(
  context: LoadContext,
  kind: TrafficKind,
  ticket: string,
  onMessage: (message: { type?: string } & Record<string, unknown>) => void = () => undefined,
  expectClose: () => boolean = () => false,
): Promise<TestSocket | null> {
  const url = new URL(context.wsUrl);
  url.searchParams.set(TICKET_QUERY_PARAM, ticket);
  const recorder = context.recorder;
  const sentAt = performance.now();
  const socket = new WebSocket(url, {
    headers: { origin: context.baseUrl.origin },
    perMessageDeflate: false,
    handshakeTimeout: context.timeoutMs,
  });
  let closedByTest = false;
  const pongs: string[] = [];
  socket.on('message', (data: Buffer) => {
    const message = safeJson(data.toString()) as
      ({ type?: string } & Record<string, unknown>) | null;
    if (!message) return;
    if (message.type === 'PONG') {
      const key = pongs.shift();
      if (key) context.answers.answered(key);
      return;
    }
    onMessage(message);
  });
  let settled = false;
  return new Promise((resolve) => {
    socket.once('open', () => {
      settled = true;
      recorder.record(kind, OK, performance.now() - sentAt);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        if (!closedByTest && !expectClose()) context.recorder.dropped(kind);
      });
      const send = (message: unknown) => {
        if (socket.readyState !== WebSocket.OPEN) return false;
        socket.send(JSON.stringify(message));
        return true;
      };
      resolve({
        socket,
        isOpen: () => socket.readyState === WebSocket.OPEN,
        send,
        ping: (pingKind) => {
          if (!send({ action: 'ping' })) {
            context.recorder.record(pingKind, 'socket closed', Number.NaN);
            return;
          }
          pingSequence += 1;
          const key = `ping ${pingSequence}`;
          pongs.push(key);
          context.answers.expect(key, pingKind, context.recorder);
        },
        close: () => {
          closedByTest = true;
          socket.terminate();
        },
      });
    });
    socket.once('error', (error: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      const refused = /Unexpected server response: (\d+)/.exec(error.message);
      const outcome = refused
        ? `refused ${refused[1]}`
        : /timed out/i.test(error.message)
          ? 'timeout'
          : (error.code ?? error.message.slice(0, 60));
      recorder.record(kind, outcome, performance.now() - sentAt);
      resolve(null);
    });
  });
}
