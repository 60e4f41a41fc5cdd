import type { Agent } from 'node:http';
import WebSocket from 'ws';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import * as realtimeContracts from '@shared/realtime/contracts';
import { realtimeTicketResponseSchema, realtimeUrl } from '@shared/realtime/api';
import { httpRequest, keepAliveAgent, type HttpOutcome } from './http-client';
import type {
  PollFigures,
  PushSetupFigures,
  WaitingPatient,
  WaitingRoomFigures,
  WaitingRoomJob,
} from './jobs';
import { buildSchedule, jitteredPlan, runSchedule } from './open-loop';
import { spread } from './stats';

/**
 * The push protocol of issue 12 (fixed before the push work lands): a patient page takes a
 * ticket for its own case, then opens `/ws?ticket=…` like the dashboard. Written here from the
 * protocol because its contract is not in `shared/` yet; once it is, use `pathOf(contract)`.
 */
export const caseTicketPath = (caseId: string) =>
  pathOf(realtimeContracts.createCaseRealtimeTicket, { caseId });

/** Tickets and sockets opened at once during the push set-up (a crowd arriving, not a wall). */
const SETUP_CONCURRENCY = 100;

/**
 * Keep-alive connections the polls share. The patients' browsers talk to CloudFront, which
 * keeps a pool of connections to the origin; one connection per patient (the first round's
 * choice) made the load process open ~17,000 connections in a 10,000-patient run past
 * capacity, each a TCP handshake in both processes, and sent its polls up to 3.7 s late while
 * the gateway saw a tenth of them. 256 were too few past capacity (the gateway answered ~2,000
 * a second through them, ~100 ms a round trip, and the queue for a connection grew past the
 * timeout); 1,024 carry the 4,200 a second offered. A poll waiting for a free connection still
 * counts from when it was due.
 */
export const POLL_CONNECTIONS = 1_024;

/** A ticket answered 503 is asked again after its `Retry-After`, as the web client does. */
const TICKET_ATTEMPTS = 4;
const DEFAULT_RETRY_AFTER_S = 1;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pollPath(patient: WaitingPatient): string {
  return patient.page === 'paymentVerification'
    ? pathOf(patientContracts.getPaymentVerification, { patientId: patient.patientId })
    : pathOf(caseContracts.getCaseStatus, { caseId: patient.caseId });
}

async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await each(item);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

function ticketOf(body: string): string | null {
  try {
    const parsed = realtimeTicketResponseSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.ticket : null;
  } catch {
    return null;
  }
}

function requestTicket(agent: Agent, job: WaitingRoomJob, patient: WaitingPatient) {
  return httpRequest(agent, new URL(caseTicketPath(patient.caseId), job.appUrl), {
    method: 'POST',
    headers: { origin: job.appUrl, [PATIENT_KEY_HEADER]: patient.patientKey },
    timeoutMs: job.timeoutMs,
    readBody: true,
  });
}

/** `Retry-After` in seconds (the only form the API sends), or a second when absent. */
export function retryAfterMs(header: string | undefined): number {
  const seconds = Number(header);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_AFTER_S) * 1000;
}

interface OpenSockets {
  figures: PushSetupFigures;
  sockets: WebSocket[];
  lost: () => number;
}

/** Takes a ticket and opens a socket per patient; stops at once if the route does not exist. */
async function openSockets(job: WaitingRoomJob): Promise<OpenSockets> {
  const agent = keepAliveAgent(SETUP_CONCURRENCY);
  const started = performance.now();
  const ticketTimes: number[] = [];
  const sockets: WebSocket[] = [];
  let available = true;
  let ticketErrors = 0;
  let ticketRetries = 0;
  let socketErrors = 0;
  let lost = 0;
  let closing = false;
  const probe = job.patients[0];
  if (probe) {
    const answer = await httpRequest(agent, new URL(caseTicketPath(probe.caseId), job.appUrl), {
      method: 'POST',
      headers: { origin: job.appUrl, [PATIENT_KEY_HEADER]: probe.patientKey },
      timeoutMs: job.timeoutMs,
    });
    // The case exists (it was seeded), so a 404 means the route does not.
    available = answer.status !== 404;
  }
  if (available) {
    await inBatches(job.patients, SETUP_CONCURRENCY, async (patient) => {
      const sentAt = performance.now();
      let answer = await requestTicket(agent, job, patient);
      for (let attempt = 1; attempt < TICKET_ATTEMPTS && answer.status === 503; attempt += 1) {
        ticketRetries += 1;
        await delay(retryAfterMs(answer.retryAfter));
        answer = await requestTicket(agent, job, patient);
      }
      // From the first request to the ticket, waits for Retry-After included.
      ticketTimes.push(performance.now() - sentAt);
      const ticket = answer.status === 200 ? ticketOf(answer.body) : null;
      if (!ticket) {
        ticketErrors += 1;
        return;
      }
      const socket = new WebSocket(realtimeUrl(job.appUrl, ticket), {
        headers: { origin: job.appUrl },
        perMessageDeflate: false,
        // A handshake the gateway never answers is a failed socket, not a hung run.
        handshakeTimeout: job.timeoutMs,
      });
      const opened = await new Promise<boolean>((resolve) => {
        socket.once('open', () => resolve(true));
        socket.once('error', () => resolve(false));
      });
      if (!opened) {
        socketErrors += 1;
        return;
      }
      socket.on('error', () => undefined);
      socket.once('close', () => {
        if (!closing) lost += 1;
      });
      sockets.push(socket);
    });
  }
  agent.destroy();
  return {
    sockets,
    lost: () => {
      closing = true;
      return lost;
    },
    figures: {
      available,
      tickets: spread(ticketTimes),
      ticketErrors,
      ticketRetries,
      socketsOpened: sockets.length,
      socketErrors,
      socketsLost: 0,
      setupMs: performance.now() - started,
    },
  };
}

/** Polls on the open-loop schedule and sums up the polls due in the measured window. */
async function poll(job: WaitingRoomJob): Promise<PollFigures> {
  const { patients, warmupMs, measureMs, timeoutMs } = job;
  const agent = keepAliveAgent(POLL_CONNECTIONS);
  const urls = patients.map((patient) => new URL(pollPath(patient), job.appUrl));
  const plans = patients.map((patient) => jitteredPlan(job.intervalMs[patient.page], Math.random));
  const schedule = buildSchedule(plans, 0, warmupMs + measureMs);

  const latencies: number[] = [];
  const refusalLatencies: number[] = [];
  const refusalConnectionWaits: number[] = [];
  const lags: number[] = [];
  const figures = { sent: 0, ok: 0, refused: 0, refusedWithRetryAfter: 0, errors: 0, timeouts: 0 };
  const errorsByStatus: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const windowFrom = started + warmupMs;
  const record = (outcome: HttpOutcome, dueAt: number, endedAt: number) => {
    const latency = outcome.timedOut ? timeoutMs : endedAt - dueAt;
    latencies.push(latency);
    if (outcome.timedOut) figures.timeouts += 1;
    else if (outcome.status === 200) figures.ok += 1;
    else if (outcome.status === 503) {
      figures.refused += 1;
      if (outcome.retryAfter) figures.refusedWithRetryAfter += 1;
      refusalLatencies.push(latency);
      refusalConnectionWaits.push(outcome.socketAt - dueAt);
    } else {
      figures.errors += 1;
      const key = outcome.networkError ?? String(outcome.status);
      errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
    }
  };
  await runSchedule(schedule, started, (patient, dueAt) => {
    const sentAt = performance.now();
    const measured = dueAt >= windowFrom;
    if (measured) {
      figures.sent += 1;
      lags.push(sentAt - dueAt);
    }
    const request = httpRequest(agent, urls[patient]!, {
      timeoutMs: dueAt + timeoutMs - sentAt,
    }).then((outcome) => {
      if (measured) record(outcome, dueAt, performance.now());
    });
    pending.push(request);
  });
  await Promise.all(pending);
  agent.destroy();
  return {
    ...figures,
    errorsByStatus,
    latency: spread(latencies),
    refusalLatency: spread(refusalLatencies),
    refusalConnectionWait: spread(refusalConnectionWaits),
    sendLag: spread(lags),
    requestsPerPatientMinute: figures.sent / patients.length / (measureMs / 60_000),
  };
}

/**
 * The waiting-room run: without push, polling at the spec's rates; with push, each patient
 * first opens its socket and then polls only as the safety net. Push that is not deployed yet
 * is reported as such (`setup.available: false`), not as a crash.
 */
export async function runWaitingRoom(job: WaitingRoomJob): Promise<WaitingRoomFigures> {
  if (!job.push) {
    return { patients: job.patients.length, push: false, setup: null, polls: await poll(job) };
  }
  const opened = await openSockets(job);
  if (!opened.figures.available) {
    return { patients: job.patients.length, push: true, setup: opened.figures, polls: null };
  }
  const polls = await poll(job);
  const socketsLost = opened.lost();
  for (const socket of opened.sockets) socket.terminate();
  return {
    patients: job.patients.length,
    push: true,
    setup: { ...opened.figures, socketsLost },
    polls,
  };
}
