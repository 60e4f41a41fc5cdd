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
  /** One per kind, as `addTrack` / `addTransceiver` make them. */
  readonly rtpTransceivers: FakeTransceiver[] = [];
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
      // The doctor's offer carries both kinds: a kind without a transceiver here gets a
      // receive-only one, as a browser makes it for the offer's m-line.
      for (const kind of ['audio', 'video']) {
        if (!this.rtpTransceivers.some((each) => each.receiver.track.kind === kind)) {
          this.rtpTransceivers.push(new FakeTransceiver(kind, 'recvonly', null));
        }
      }
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

  addTrack(track: MediaStreamTrack, stream: MediaStream): FakeSender {
    this.tracks.push({ track, stream });
    const transceiver = new FakeTransceiver(track.kind, 'sendrecv', track);
    this.rtpTransceivers.push(transceiver);
    return transceiver.sender;
  }

  addTransceiver(kind: string, init?: { direction?: string }): FakeTransceiver {
    this.transceivers.push({ kind, direction: init?.direction });
    const transceiver = new FakeTransceiver(kind, init?.direction ?? 'sendrecv', null);
    this.rtpTransceivers.push(transceiver);
    return transceiver;
  }

  getTransceivers(): FakeTransceiver[] {
    return this.rtpTransceivers;
  }

  /** The sender of a kind's transceiver. */
  sender(kind: 'audio' | 'video'): FakeSender {
    return this.rtpTransceivers.find((each) => each.receiver.track.kind === kind)!.sender;
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

/** An `RTCRtpSender` stand-in: one encoding once negotiated, as browsers have it. */
export class FakeSender {
  parameters: { encodings: Record<string, unknown>[] } = { encodings: [{}] };
  streams: unknown[] = [];
  constructor(public track: MediaStreamTrack | null) {}

  readonly replaceTrack = vi.fn((track: MediaStreamTrack | null) => {
    this.track = track;
    return Promise.resolve();
  });

  getParameters() {
    return structuredClone(this.parameters);
  }

  readonly setParameters = vi.fn((parameters: { encodings: Record<string, unknown>[] }) => {
    this.parameters = parameters;
    return Promise.resolve();
  });

  setStreams(...streams: unknown[]): void {
    this.streams = streams;
  }
}

export class FakeTransceiver {
  readonly sender: FakeSender;
  readonly receiver: { track: { kind: string } };
  constructor(
    kind: string,
    public direction: string,
    track: MediaStreamTrack | null,
  ) {
    this.sender = new FakeSender(track);
    this.receiver = { track: { kind } };
  }
}
