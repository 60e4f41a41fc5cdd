import { signInWithSecondFactor } from '#local/testing/second-factor';
import * as caseContracts from '@shared/cases/contracts';
import { CASE_LIST_PAGE_SIZE } from '@shared/cases/provider-case';
import { pathOf } from '@shared/http/contract';
import * as realtimeContracts from '@shared/realtime/contracts';
import type { DoctorActor } from './actors';
import { openTicketedSocket, sendPoll } from './context';
import type { LoadContext, Periodic, TestSocket } from './context';
import type { PageIntervals } from './plan';
import { OK } from './recorder';

/** The `name=value` of the session cookie a sign-in answer sets, or null. */
function sessionCookie(response: Response): string | null {
  return response.headers.get('set-cookie')?.split(';')[0] ?? null;
}

/** A short name for a failed sign-in: the status of the step that refused it. */
function signInFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /(\d{3})/.exec(message)?.[1] ?? message.slice(0, 60);
}

/**
 * One signed-in doctor's dashboard (web/src/features/provider-dashboard): signs in with the
 * password and a TOTP code of the doctor's second factor, as the sign-in page does; takes an
 * alert ticket and holds the alert socket, sending the on-duty heartbeat when it opens and
 * every 60 s, and a ping every 5 minutes; polls the Available list (the dashboard's first tab)
 * every 30 s.
 */
export class Dashboard {
  private socket: TestSocket | null = null;
  /** The session cookie (`name=value`) once signed in. */
  cookie: string | null = null;
  /** Alerts received, by message type. */
  readonly alerts = new Map<string, number>();

  constructor(
    private readonly context: LoadContext,
    readonly actor: DoctorActor,
  ) {}

  /** Signs in; then the dashboard opens its alert socket. */
  async open(): Promise<void> {
    const { context, actor } = this;
    const recorder = context.recorder;
    const sentAt = performance.now();
    try {
      const { response } = await signInWithSecondFactor(
        { appUrl: context.baseUrl.origin },
        'provider',
        { email: actor.email, password: actor.password, totpSecret: actor.totpSecret },
      );
      this.cookie = response.status === 200 ? sessionCookie(response) : null;
      recorder.record(
        'doctor sign-in',
        this.cookie ? OK : String(response.status),
        performance.now() - sentAt,
      );
    } catch (error) {
      recorder.record('doctor sign-in', signInFailure(error), performance.now() - sentAt);
    }
    if (!this.cookie) return;
    this.socket = await openTicketedSocket(
      context,
      { ticket: 'alert ticket', socket: 'alert socket' },
      pathOf(realtimeContracts.createRealtimeTicket, {}),
      { cookie: this.cookie, 'content-type': 'application/json' },
      this.alerts,
    );
    this.heartbeat();
  }

  /** `{action:'heartbeat', usedAt}`: fire and forget (no answer comes back). */
  private heartbeat(): void {
    if (!this.socket) return;
    const sent = this.socket.send({ action: 'heartbeat', usedAt: new Date().toISOString() });
    this.context.recorder.record('duty heartbeat', sent ? OK : 'socket closed', Number.NaN);
  }

  periodic(intervals: PageIntervals): Periodic[] {
    const cookie = this.cookie;
    if (!cookie) return [];
    const url = new URL(pathOf(caseContracts.listCases, {}), this.context.baseUrl);
    url.searchParams.set('view', 'available');
    url.searchParams.set('limit', String(CASE_LIST_PAGE_SIZE));
    const socket = this.socket;
    return [
      {
        intervalMs: intervals.caseListMs,
        fire: (dueAt) => sendPoll(this.context, 'case list poll', url, { cookie }, dueAt),
      },
      ...(socket
        ? [
            { intervalMs: intervals.dutyHeartbeatMs, fire: () => this.heartbeat() },
            { intervalMs: intervals.socketPingMs, fire: () => socket.ping('alert ping') },
          ]
        : []),
    ];
  }

  close(): void {
    this.socket?.close();
  }
}
