import { randomBytes } from 'node:crypto';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import { roomTokenFromHash, type RoomRole } from '@shared/meetings/room';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import type { PatientActor } from './actors';
import { openSocket, type LoadContext, type Periodic, type TestSocket } from './context';
import type { Dashboard } from './dashboards';
import { CANDIDATES_PER_PARTY, type PageIntervals } from './plan';
import { OK } from './recorder';

/** An SDP of a typical audio and video offer's size (~3 KB): the frames' size is the load. */
const FAKE_SDP = `v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\n${'a=load-test-padding\r\n'.repeat(140)}`;

/** A failed set-up step, its name and the answer's status. */
class SetUpFailed extends Error {}

interface Party {
  role: RoomRole;
  peerId: string;
  seq: number;
  socket: TestSocket | null;
  /** Keys of the signals this party sent, oldest first (a refusal answers the oldest). */
  sent: string[];
}

/**
 * One call's signalling (the room page, web/src/features/room; shared/src/meetings/signalling):
 * the doctor claims the call's case and starts the meeting, both parties enter the room (the
 * room session with the join link's token) and hold a room socket, say hello, ping every 10 s,
 * and negotiate again and again: the doctor offers, the patient answers, both send ICE
 * candidates; each signal is timed from its sending to its relay to the other party.
 */
export class Call {
  private readonly parties: Record<RoomRole, Party> = {
    provider: this.party('provider'),
    patient: this.party('patient'),
  };
  private ended = false;

  constructor(
    private readonly context: LoadContext,
    private readonly index: number,
    private readonly doctor: Dashboard,
    private readonly actor: PatientActor,
  ) {}

  private party(role: RoomRole): Party {
    return { role, peerId: randomBytes(8).toString('hex'), seq: 0, socket: null, sent: [] };
  }

  /** Claims, starts and enters the room on both sides; records 'call set-up' once. */
  async open(): Promise<void> {
    const recorder = this.context.recorder;
    const sentAt = performance.now();
    try {
      const cookie = this.doctor.cookie;
      if (!cookie) throw new SetUpFailed('doctor not signed in');
      const { caseId, patientKey } = this.actor;
      await this.post(
        'claim',
        pathOf(caseContracts.claimCase, {}),
        { cookie },
        {
          caseId,
          providerId: this.doctor.actor.id,
        },
      );
      await this.post(
        'start',
        pathOf(meetingContracts.startMeetingTimer, { caseId }),
        { cookie },
        {},
      );
      const details = (await this.get('details', pathOf(caseContracts.getCaseDetails, { caseId }), {
        cookie,
      })) as { meeting?: { providerJoinUrl?: string | null } | null };
      const status = (await this.get('status', pathOf(caseContracts.getCaseStatus, { caseId }), {
        [PATIENT_KEY_HEADER]: patientKey,
      })) as { meeting?: { patientJoinUrl?: string | null } | null };
      const links = {
        provider: details.meeting?.providerJoinUrl,
        patient: status.meeting?.patientJoinUrl,
      };
      for (const role of ['provider', 'patient'] as const) {
        const link = links[role];
        if (!link) throw new SetUpFailed(`no ${role} join link`);
        const ticket = await this.enterRoom(
          role,
          link,
          role === 'provider'
            ? { cookie }
            : {
                [PATIENT_KEY_HEADER]: patientKey,
              },
        );
        const socket = await openSocket(
          this.context,
          'room socket',
          ticket,
          (message) => this.onMessage(role, message),
          () => this.ended,
        );
        if (!socket) throw new SetUpFailed('room socket');
        this.parties[role].socket = socket;
      }
      for (const party of Object.values(this.parties)) {
        party.socket!.send({ action: 'hello', peerId: party.peerId });
      }
      recorder.record('call set-up', OK, performance.now() - sentAt);
    } catch (error) {
      const outcome = error instanceof SetUpFailed ? error.message : String(error).slice(0, 60);
      recorder.record('call set-up', outcome, performance.now() - sentAt);
    }
  }

  private async send(
    step: string,
    path: string,
    init: RequestInit & { headers: Record<string, string> },
  ): Promise<unknown> {
    const response = await fetch(new URL(path, this.context.baseUrl), {
      ...init,
      headers: { origin: this.context.baseUrl.origin, ...init.headers },
      signal: AbortSignal.timeout(this.context.timeoutMs),
    }).catch((error: unknown) => {
      throw new SetUpFailed(`${step} ${(error as Error).name}`);
    });
    if (response.status !== 200) throw new SetUpFailed(`${step} ${response.status}`);
    return response.json();
  }

  private post(step: string, path: string, headers: Record<string, string>, body: unknown) {
    return this.send(step, path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private get(step: string, path: string, headers: Record<string, string>) {
    return this.send(step, path, { headers });
  }

  /** `POST /api/rooms/{meetingId}/session` with the link's token: the room ticket. */
  private async enterRoom(
    role: RoomRole,
    link: string,
    headers: Record<string, string>,
  ): Promise<string> {
    const url = new URL(link, this.context.baseUrl);
    const token = roomTokenFromHash(url.hash);
    const meetingId = url.pathname.split('/').at(-1);
    if (!token || !meetingId) throw new SetUpFailed(`${role} join link unreadable`);
    const session = (await this.post(
      `${role} room`,
      pathOf(meetingContracts.joinRoom, { meetingId }),
      headers,
      { role, token },
    )) as { ticket: string | null };
    if (!session.ticket) throw new SetUpFailed(`${role} room without ticket`);
    return session.ticket;
  }

  private signalKey(from: RoomRole, seq: number): string {
    return `signal ${this.index} ${from} ${seq}`;
  }

  /** Sends one signal to the other party, expecting its relay. */
  private signal(from: RoomRole, signal: unknown): void {
    const party = this.parties[from];
    const other = this.parties[from === 'provider' ? 'patient' : 'provider'];
    party.seq += 1;
    const key = this.signalKey(from, party.seq);
    const sent = party.socket?.send({
      action: 'signal',
      peerId: party.peerId,
      to: other.peerId,
      seq: party.seq,
      signal,
    });
    if (!sent) {
      this.context.recorder.record('room signal', 'socket closed', Number.NaN);
      return;
    }
    party.sent.push(key);
    this.context.answers.expect(key, 'room signal', this.context.recorder);
  }

  /** A description, then the party's candidates and their end (`null`). */
  private describe(from: RoomRole, type: 'offer' | 'answer'): void {
    this.signal(from, { description: { type, sdp: FAKE_SDP } });
    for (let i = 0; i < CANDIDATES_PER_PARTY; i += 1) {
      this.signal(from, {
        candidate: {
          candidate: `candidate:${i} 1 udp 2122260223 192.0.2.${i + 1} ${50_000 + i} typ relay raddr 0.0.0.0 rport 0`,
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      });
    }
    this.signal(from, { candidate: null });
  }

  private onMessage(role: RoomRole, message: Record<string, unknown>): void {
    switch (message.type) {
      case 'SIGNAL': {
        const from = message.from as RoomRole;
        this.context.answers.answered(this.signalKey(from, Number(message.seq)));
        const signal = message.signal as { description?: { type?: string } };
        // The patient's page answers every offer, as perfect negotiation does.
        if (role === 'patient' && signal.description?.type === 'offer') {
          this.describe('patient', 'answer');
        }
        return;
      }
      case 'SIGNAL_REFUSED': {
        // The refusal answers this party's oldest signal still waiting.
        const party = this.parties[role];
        while (party.sent.length > 0) {
          const key = party.sent.shift()!;
          if (this.context.answers.has(key)) {
            this.context.answers.failed(key, `SIGNAL_REFUSED ${String(message.reason)}`);
            return;
          }
        }
        return;
      }
      case 'MEETING_ENDED':
        this.ended = true;
        return;
      default:
        return;
    }
  }

  periodic(intervals: PageIntervals): Periodic[] {
    const { provider, patient } = this.parties;
    if (!provider.socket || !patient.socket) return [];
    const ping = (party: Party) => () => {
      if (!this.ended) party.socket!.ping('room ping');
    };
    return [
      {
        intervalMs: intervals.negotiationMs,
        fire: () => {
          if (!this.ended) this.describe('provider', 'offer');
        },
      },
      { intervalMs: intervals.roomPingMs, fire: ping(provider) },
      { intervalMs: intervals.roomPingMs, fire: ping(patient) },
    ];
  }

  close(): void {
    for (const party of Object.values(this.parties)) party.socket?.close();
  }
}
