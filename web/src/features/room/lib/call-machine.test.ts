import { describe, expect, it } from 'vitest';
import {
  callStatusOf,
  initialCallState,
  MAX_NEGOTIATION_STALL_MS,
  NEGOTIATION_STALL_MS,
  RESTART_ATTEMPTS_BEFORE_FAILED,
  restartRetryDelay,
  transition,
  type CallEvent,
  type CallMachineState,
} from './call-machine';

const PATIENT_PAGE = 'patient-page-1';
const DOCTOR_PAGE = 'doctor-page-1';

/** Runs events from a state; returns the last state and every effect type, in order. */
function run(state: CallMachineState, ...events: CallEvent[]) {
  const effects: string[] = [];
  let current = state;
  for (const event of events) {
    const next = transition(current, event);
    current = next.state;
    effects.push(...next.effects.map((effect) => effect.type));
  }
  return { state: current, effects };
}

const doctorWaiting = () => initialCallState('provider', false);
const patientWaiting = () => initialCallState('patient', false);
/** The doctor's page in a running call with the patient's page, connected. */
const doctorConnected = () =>
  run(
    initialCallState('provider', true),
    { type: 'peerJoined', peerId: PATIENT_PAGE },
    { type: 'ice', state: 'connected' },
  ).state;
const patientConnected = () =>
  run(
    initialCallState('patient', true),
    { type: 'offer', peerId: DOCTOR_PAGE },
    { type: 'ice', state: 'connected' },
  ).state;

describe('call machine: before the start', () => {
  it('a page entered before the start waits; one entered during the call is connecting', () => {
    expect(doctorWaiting().phase).toBe('waiting');
    expect(callStatusOf(doctorWaiting())).toBeNull();
    expect(initialCallState('patient', true).phase).toBe('connecting');
  });

  it('started fetches the running session once, and counts as connecting meanwhile', () => {
    const { state, effects } = run(doctorWaiting(), { type: 'started' }, { type: 'started' });
    expect(effects).toEqual(['activate']);
    expect(callStatusOf(state)).toBe('connecting');
  });

  it('a page that joins before the start is remembered, nothing is made for it yet', () => {
    const { state, effects } = run(doctorWaiting(), { type: 'peerJoined', peerId: PATIENT_PAGE });
    expect(state.remotePeerId).toBe(PATIENT_PAGE);
    expect(effects).toEqual([]);
  });

  it('activated: the doctor offers to the page it knows (one offer, no glare)', () => {
    const { state, effects } = run(
      doctorWaiting(),
      { type: 'peerJoined', peerId: PATIENT_PAGE },
      { type: 'started' },
      { type: 'activated' },
    );
    expect(state.phase).toBe('connecting');
    expect(effects.filter((effect) => effect === 'newPeer')).toHaveLength(1);
    expect(effects).toContain('armStall');
  });

  it('activated: the patient makes no peer connection and waits for the offer', () => {
    const { state, effects } = run(
      patientWaiting(),
      { type: 'peerJoined', peerId: DOCTOR_PAGE },
      { type: 'started' },
      { type: 'activated' },
    );
    expect(state.phase).toBe('connecting');
    expect(state.hasPeer).toBe(false);
    expect(effects).not.toContain('newPeer');
  });
});

describe('call machine: pages joining', () => {
  it('the doctor offers afresh to a new page of the patient, and says the patient rejoined', () => {
    const { state, effects } = run(doctorConnected(), {
      type: 'peerJoined',
      peerId: 'patient-page-2',
    });
    expect(state).toMatchObject({ phase: 'connecting', remotePeerId: 'patient-page-2' });
    expect(effects).toEqual(['peerRejoined', 'cancelTimers', 'newPeer', 'armStall']);
  });

  it('the patient says hello back to a new doctor page and waits for its offer', () => {
    const { state, effects } = run(patientConnected(), {
      type: 'peerJoined',
      peerId: 'doctor-page-2',
    });
    expect(effects).toEqual(['peerRejoined', 'sayHello']);
    expect(state).toMatchObject({ remotePeerId: 'doctor-page-2', hasPeer: false });
    // Its offer then makes a new peer connection.
    expect(run(state, { type: 'offer', peerId: 'doctor-page-2' }).effects).toContain('newPeer');
  });

  it('the same page again (its socket came back): the doctor resends an unanswered offer', () => {
    expect(run(doctorConnected(), { type: 'peerJoined', peerId: PATIENT_PAGE }).effects).toEqual([
      'resendOffer',
    ]);
  });

  it('the same page again while the path is down: the doctor restarts, the patient asks', () => {
    const doctorDown = run(doctorConnected(), { type: 'ice', state: 'disconnected' }).state;
    expect(run(doctorDown, { type: 'peerJoined', peerId: PATIENT_PAGE }).effects).toEqual([
      'resendOffer',
      'restartIce',
      'armRetry',
    ]);
    const patientDown = run(patientConnected(), { type: 'ice', state: 'disconnected' }).state;
    expect(run(patientDown, { type: 'peerJoined', peerId: DOCTOR_PAGE }).effects).toEqual([
      'requestRestart',
      'armRetry',
    ]);
  });
});

describe('call machine: offers', () => {
  it("the patient makes its peer connection on the doctor's first offer", () => {
    const { state, effects } = run(initialCallState('patient', true), {
      type: 'offer',
      peerId: DOCTOR_PAGE,
    });
    expect(state).toMatchObject({ phase: 'connecting', hasPeer: true, remotePeerId: DOCTOR_PAGE });
    expect(effects).toEqual(['cancelTimers', 'newPeer']);
  });

  it("an offer from the doctor's new page replaces the peer connection", () => {
    const { effects } = run(patientConnected(), { type: 'offer', peerId: 'doctor-page-2' });
    expect(effects).toEqual(['peerRejoined', 'cancelTimers', 'newPeer']);
  });

  it('a restart offer on the same connection makes nothing new', () => {
    expect(run(patientConnected(), { type: 'offer', peerId: DOCTOR_PAGE }).effects).toEqual([]);
  });

  it("the doctor's page never takes an offer as a new page", () => {
    const { state, effects } = run(doctorConnected(), { type: 'offer', peerId: 'stranger' });
    expect(effects).toEqual([]);
    expect(state.remotePeerId).toBe(PATIENT_PAGE);
  });

  it('offers before the start wait (the page holds them until it is active)', () => {
    expect(run(patientWaiting(), { type: 'offer', peerId: DOCTOR_PAGE }).effects).toEqual([]);
  });
});

describe('call machine: ICE', () => {
  it('connected: the call is connected, timers stop, the media state goes out', () => {
    const { state, effects } = run(
      initialCallState('provider', true),
      { type: 'peerJoined', peerId: PATIENT_PAGE },
      { type: 'ice', state: 'connected' },
    );
    expect(callStatusOf(state)).toBe('connected');
    expect(effects.slice(-2)).toEqual(['cancelTimers', 'sendMediaState']);
  });

  it('disconnected: a grace and a socket probe, still connected meanwhile', () => {
    const { state, effects } = run(doctorConnected(), { type: 'ice', state: 'disconnected' });
    expect(effects).toEqual(['armGrace', 'probeSocket']);
    expect(state.phase).toBe('connected');
  });

  it('the grace ends while still disconnected: reconnecting; the doctor restarts', () => {
    const { state, effects } = run(
      doctorConnected(),
      { type: 'ice', state: 'disconnected' },
      { type: 'graceElapsed' },
    );
    expect(state.phase).toBe('reconnecting');
    expect(effects.slice(-2)).toEqual(['restartIce', 'armRetry']);
  });

  it('the grace ends after the path healed: nothing', () => {
    const { state, effects } = run(
      doctorConnected(),
      { type: 'ice', state: 'disconnected' },
      { type: 'ice', state: 'connected' },
      { type: 'graceElapsed' },
    );
    expect(state.phase).toBe('connected');
    expect(effects).not.toContain('restartIce');
  });

  it('failed: the patient asks the doctor for a restart, and never restarts itself', () => {
    const { state, effects } = run(patientConnected(), { type: 'ice', state: 'failed' });
    expect(state.phase).toBe('reconnecting');
    expect(effects).toEqual(['requestRestart', 'armRetry']);
  });
});

describe('call machine: restarts re-sent until answered', () => {
  const doctorReconnecting = () => run(doctorConnected(), { type: 'ice', state: 'failed' }).state;

  it('an unanswered restart offer is sent again, waiting 2, 4, 8, 8 s', () => {
    let state = doctorReconnecting();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = transition(state, { type: 'retryElapsed', unanswered: true, pathDown: true });
      state = next.state;
      expect(next.effects.map((effect) => effect.type)).toEqual(['resendOffer', 'armRetry']);
      waits.push((next.effects[1] as { ms: number }).ms);
    }
    expect(waits).toEqual([4_000, 8_000, 8_000]);
    expect(restartRetryDelay(0)).toBe(2_000);
  });

  it('an answered restart whose path stays down restarts again with fresh credentials', () => {
    const { effects } = run(doctorReconnecting(), {
      type: 'retryElapsed',
      unanswered: false,
      pathDown: true,
    });
    expect(effects).toEqual(['restartIce', 'armRetry']);
  });

  it('ICE still checking after the answer: waits again without counting an attempt', () => {
    const checking = run(doctorReconnecting(), { type: 'ice', state: 'checking' }).state;
    const { state, effects } = run(checking, {
      type: 'retryElapsed',
      unanswered: false,
      pathDown: false,
    });
    expect(effects).toEqual(['armRetry']);
    expect(state.attempts).toBe(0);
  });

  it('the patient asks again while no restart brings the path back', () => {
    const down = run(patientConnected(), { type: 'ice', state: 'failed' }).state;
    expect(run(down, { type: 'retryElapsed', unanswered: false, pathDown: true }).effects).toEqual([
      'requestRestart',
      'armRetry',
    ]);
  });

  it('after the attempts are spent: failed, and the retry starts a fresh attempt', () => {
    const retries = Array.from({ length: RESTART_ATTEMPTS_BEFORE_FAILED }, () => ({
      type: 'retryElapsed' as const,
      unanswered: false,
      pathDown: true,
    }));
    const { state } = run(doctorReconnecting(), ...retries);
    expect(callStatusOf(state)).toBe('failed');
    const retried = run(state, { type: 'retry' });
    expect(retried.state.phase).toBe('connecting');
    expect(retried.effects).toEqual(['probeSocket', 'cancelTimers', 'renewPeer', 'armStall']);

    const patientFailed = run(
      run(patientConnected(), { type: 'ice', state: 'failed' }).state,
      ...retries,
    ).state;
    expect(patientFailed.phase).toBe('failed');
    const patientRetry = run(patientFailed, { type: 'retry' });
    expect(patientRetry.state.phase).toBe('reconnecting');
    expect(patientRetry.effects).toEqual(['probeSocket', 'requestRestart', 'armRetry']);
  });

  it('failed heals when ICE connects again', () => {
    const failed: CallMachineState = { ...doctorConnected(), phase: 'failed', ice: 'failed' };
    expect(run(failed, { type: 'ice', state: 'connected' }).state.phase).toBe('connected');
  });

  it('retry does nothing outside the failed state', () => {
    expect(run(doctorConnected(), { type: 'retry' }).effects).toEqual([]);
  });

  it("the doctor restarts on the patient's request; a request from another page is ignored", () => {
    expect(
      run(doctorConnected(), { type: 'restartRequested', peerId: PATIENT_PAGE }).effects,
    ).toEqual(['restartIce', 'armRetry']);
    expect(
      run(doctorConnected(), { type: 'restartRequested', peerId: 'old-page' }).effects,
    ).toEqual([]);
  });

  it('its own socket back: the doctor resends, and restarts a path that is down', () => {
    expect(run(doctorReconnecting(), { type: 'socketReopened' }).effects).toEqual([
      'resendOffer',
      'restartIce',
      'armRetry',
    ]);
    expect(run(patientWaiting(), { type: 'socketReopened' }).effects).toEqual([]);
  });
});

describe('call machine: the stall rule', () => {
  const doctorOffering = () =>
    run(initialCallState('provider', true), { type: 'peerJoined', peerId: PATIENT_PAGE }).state;

  it('renews a peer connection whose offer got no answer, waiting longer each time', () => {
    const first = transition(doctorOffering(), {
      type: 'stallElapsed',
      negotiationStuck: true,
      noRemoteCandidate: true,
    });
    expect(first.effects).toEqual([
      { type: 'cancelTimers' },
      { type: 'renewPeer' },
      { type: 'armStall', ms: NEGOTIATION_STALL_MS * 2 },
    ]);
  });

  it('does not cut slow relay gathering: answered but no candidate yet waits longer, up to the cap', () => {
    let state = doctorOffering();
    const waits: number[] = [];
    for (;;) {
      const next = transition(state, {
        type: 'stallElapsed',
        negotiationStuck: false,
        noRemoteCandidate: true,
      });
      state = next.state;
      const types = next.effects.map((effect) => effect.type);
      if (types.includes('renewPeer')) break;
      waits.push((next.effects[0] as { ms: number }).ms);
    }
    expect(waits).toEqual([10_000, MAX_NEGOTIATION_STALL_MS]);
  });

  it('stops watching once candidates are in (ICE checks: it connects or fails)', () => {
    expect(
      run(doctorOffering(), {
        type: 'stallElapsed',
        negotiationStuck: false,
        noRemoteCandidate: false,
      }).effects,
    ).toEqual([]);
  });
});

describe('call machine: the end', () => {
  it.each(['ended', 'replaced', 'close'] as const)('%s stops everything, for good', (type) => {
    const { state, effects } = run(doctorConnected(), { type });
    expect(effects).toEqual(['stop']);
    expect(callStatusOf(state)).toBeNull();
    expect(
      run(state, { type: 'peerJoined', peerId: 'x' }, { type: 'ice', state: 'failed' }, { type }),
    ).toEqual({ state, effects: [] });
  });
});
