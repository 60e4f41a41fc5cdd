import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import * as realtimeContracts from '@shared/realtime/contracts';
import type { PatientActor } from './actors';
import { openTicketedSocket, sendPoll } from './context';
import type { LoadContext, Periodic, TestSocket } from './context';
import type { PageIntervals } from './plan';

/**
 * One waiting patient's visit page (web/src/features/visit): it takes a ticket for its case and
 * holds the case socket (pushes: `CASE_UPDATED`, `QUEUE_MOVED`), pings it every 5 minutes, polls
 * the status every 30 s while the socket is open and every 5 s while it is not, and its place
 * and estimate every 30 s.
 */
export class WaitingPatient {
  private socket: TestSocket | null = null;
  /** Pushes received, by message type. */
  readonly pushes = new Map<string, number>();

  constructor(
    private readonly context: LoadContext,
    private readonly actor: PatientActor,
  ) {}

  /** The page opens: ticket, then socket. A failure of either leaves the page polling fast. */
  async open(): Promise<void> {
    this.socket = await openTicketedSocket(
      this.context,
      { ticket: 'case ticket', socket: 'patient socket' },
      pathOf(realtimeContracts.createCaseRealtimeTicket, { caseId: this.actor.caseId }),
      { [PATIENT_KEY_HEADER]: this.actor.patientKey },
      this.pushes,
    );
  }

  /** Whether the page has its socket (the status poll slows down to the safety net). */
  pushed(): boolean {
    return this.socket?.isOpen() ?? false;
  }

  /** What the page does periodically during a step, at the rates it has at the step's start. */
  periodic(intervals: PageIntervals): Periodic[] {
    const { baseUrl } = this.context;
    const { caseId, patientKey } = this.actor;
    const statusUrl = new URL(pathOf(caseContracts.getCaseStatus, { caseId }), baseUrl);
    const waitUrl = new URL(pathOf(caseContracts.getCaseWait, { caseId }), baseUrl);
    const socket = this.socket;
    return [
      {
        intervalMs: this.pushed() ? intervals.statusPushedMs : intervals.statusUnpushedMs,
        fire: (dueAt) => sendPoll(this.context, 'status poll', statusUrl, {}, dueAt),
      },
      {
        intervalMs: intervals.waitMs,
        fire: (dueAt) =>
          sendPoll(this.context, 'wait poll', waitUrl, { [PATIENT_KEY_HEADER]: patientKey }, dueAt),
      },
      ...(socket
        ? [{ intervalMs: intervals.socketPingMs, fire: () => socket.ping('patient ping') }]
        : []),
    ];
  }

  close(): void {
    this.socket?.close();
  }
}
