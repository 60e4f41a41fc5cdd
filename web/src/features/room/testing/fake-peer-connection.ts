import { vi } from 'vitest';

/**
 * A stand-in for `RTCPeerConnection` with just enough of the signalling state machine for the
 * perfect negotiation tests: offers and answers, rollback of an own offer when a remote offer
 * is applied, candidates recorded. Tests fire its events by hand.
 */
export class FakePeerConnection extends EventTarget {
  static instances: FakePeerConnection[] = [];

  static reset(): void {
    FakePeerConnection.instances = [];
  }

  static get latest(): FakePeerConnection | undefined {
    return FakePeerConnection.instances.at(-1);
  }

  configuration: RTCConfiguration;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp?: string } | null = null;
  readonly candidates: unknown[] = [];
  readonly tracks: { track: MediaStreamTrack; stream: MediaStream }[] = [];
  readonly transceivers: { kind: string; direction?: string }[] = [];
  closed = false;
  offers = 0;
  stats: Iterable<[string, unknown]> = new Map();

  readonly setConfiguration = vi.fn((configuration: RTCConfiguration) => {
    this.configuration = configuration;
  });
  readonly restartIce = vi.fn();

  constructor(configuration: RTCConfiguration = {}) {
    super();
    this.configuration = configuration;
    FakePeerConnection.instances.push(this);
  }

  async setLocalDescription(): Promise<void> {
    await Promise.resolve();
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: 'answer-sdp' };
      this.signalingState = 'stable';
    } else {
      this.offers += 1;
      this.localDescription = { type: 'offer', sdp: `offer-sdp-${this.offers}` };
      this.signalingState = 'have-local-offer';
    }
  }

  async setRemoteDescription(description: { type: RTCSdpType; sdp?: string }): Promise<void> {
    await Promise.resolve();
    if (description.type === 'offer') {
      // An own pending offer is rolled back first (what browsers do implicitly).
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') throw new Error('No offer to answer');
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
  }

  async addIceCandidate(candidate: unknown): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription) throw new Error('No remote description');
    this.candidates.push(candidate);
  }

  addTrack(track: MediaStreamTrack, stream: MediaStream): void {
    this.tracks.push({ track, stream });
  }

  addTransceiver(kind: string, init?: { direction?: string }): void {
    this.transceivers.push({ kind, direction: init?.direction });
  }

  getStats(): Promise<Iterable<[string, unknown]>> {
    return Promise.resolve(this.stats);
  }

  close(): void {
    this.closed = true;
  }

  /** The browser wants a negotiation (tracks added, restartIce). */
  needNegotiation(): void {
    this.dispatchEvent(new Event('negotiationneeded'));
  }

  /** A local ICE candidate was gathered. */
  gatherCandidate(candidate: Record<string, unknown>): void {
    const event = Object.assign(new Event('icecandidate'), {
      candidate: { toJSON: () => candidate },
    });
    this.dispatchEvent(event);
  }

  setIceState(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.dispatchEvent(new Event('iceconnectionstatechange'));
  }

  /** The other party's media arrived. */
  receiveTrack(stream: MediaStream): void {
    const event = Object.assign(new Event('track'), { streams: [stream], track: {} });
    this.dispatchEvent(event);
  }
}
