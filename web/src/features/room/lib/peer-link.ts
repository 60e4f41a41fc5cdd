import type { Signal } from '@shared/meetings/signalling';
import { attachPerfectNegotiation, type Negotiation } from './perfect-negotiation';

/**
 * One `RTCPeerConnection` of the call, with the questions the call's state machine asks of it
 * (lib/call-machine.ts): is an offer unanswered, is negotiation stuck, is the path down, does
 * media flow. It adds the local media, runs perfect negotiation with signals handled one at a
 * time (an answer never races the offer before it), and sets the senders' encodings.
 */

export type MediaKind = 'audio' | 'video';

/** The video sender's cap (`null`: none), and `active: false` to stop sending video. */
export interface VideoSendLimit {
  maxBitrateBps: number | null;
  active: boolean;
}

/**
 * About 800 kbps is plenty for a 640x480 consultation picture and leaves room on a weak uplink
 * (review §2.6 Encoding); the audio goes first when the link is short.
 */
export const DEFAULT_VIDEO_SEND_LIMIT: VideoSendLimit = { maxBitrateBps: 800_000, active: true };

export interface PeerLinkOptions {
  PeerConnectionImpl: typeof RTCPeerConnection;
  configuration: RTCConfiguration;
  localStream: MediaStream | null;
  polite: boolean;
  /** The video send limit in force (kept across peer connections). */
  videoLimit?: VideoSendLimit;
  send(signal: Signal): void;
  onIceState(state: RTCIceConnectionState): void;
  onRemoteStream(stream: MediaStream): void;
  /** Something that decides whether media flows changed (ICE, a remote track). */
  onMediaChange(): void;
}

export interface PeerLink {
  readonly pc: RTCPeerConnection;
  /** Feeds a signal of the other page, in arrival order. */
  handle(signal: Signal): Promise<void>;
  /** This page's offer waits for its answer. */
  unanswered(): boolean;
  /** Sends the unanswered offer again, if there is one. */
  resendOffer(): void;
  /** No answer (the signalling state is not stable, or no remote description is in). */
  negotiationStuck(): boolean;
  /** None of the other page's candidates arrived yet. */
  noRemoteCandidate(): boolean;
  pathDown(): boolean;
  /** ICE is up and a live remote track came: this page receives the other party's media. */
  flowing(): boolean;
  /** Fresh ICE servers, then an ICE restart (its offer follows through negotiation). */
  restart(configuration: RTCConfiguration): void;
  replaceTrack(kind: MediaKind, track: MediaStreamTrack | null): Promise<void>;
  setVideoSendLimit(limit: VideoSendLimit): Promise<void>;
  close(): void;
}

function describe(description: RTCSessionDescription | null): Signal | null {
  return description ? { description: { type: description.type, sdp: description.sdp } } : null;
}

/** The video encoding under a send limit. */
function limitVideo(limit: VideoSendLimit) {
  return (encoding: RTCRtpEncodingParameters) => {
    if (limit.maxBitrateBps === null) delete encoding.maxBitrate;
    else encoding.maxBitrate = limit.maxBitrateBps;
    encoding.active = limit.active;
  };
}

/** Sets one sender's first encoding; a sender not negotiated yet has none and is left alone. */
async function setEncoding(
  sender: RTCRtpSender | undefined,
  change: (encoding: RTCRtpEncodingParameters) => void,
): Promise<void> {
  if (!sender?.track) return;
  const parameters = sender.getParameters();
  const [encoding] = parameters.encodings ?? [];
  if (!encoding) return;
  change(encoding);
  await sender.setParameters(parameters);
}

export function createPeerLink(options: PeerLinkOptions): PeerLink {
  const { localStream } = options;
  const send = (signal: Signal) => options.send(signal);
  const pc = new options.PeerConnectionImpl(options.configuration);
  const negotiation: Negotiation = attachPerfectNegotiation(pc, {
    polite: options.polite,
    send,
    // The error's name only: its message may quote an SDP line.
    onError: (error) =>
      console.warn(`Room negotiation step failed: ${(error as Error | undefined)?.name}`),
  });
  const transceivers = new Map<MediaKind, RTCRtpTransceiver>();
  let chain: Promise<void> = Promise.resolve();
  let remoteCandidates = 0;
  let remoteStream: MediaStream | null = null;
  let videoLimit = options.videoLimit ?? DEFAULT_VIDEO_SEND_LIMIT;
  let closed = false;

  /*
   * Every kind is negotiated even without a local track, so an audio-only page still sees. The
   * offering page (the doctor's) asks for a missing kind with a receive-only transceiver. The
   * answering page (the patient's) must not: a browser matches an offer's m-line only to a
   * transceiver `addTrack` made, so one of `addTransceiver` stays unmatched and fires
   * `negotiationneeded` after the answer, and the patient would offer too, the glare "only the
   * doctor offers" exists to avoid. The doctor's offer always carries both kinds, and applying
   * it makes the patient's receive-only transceiver for the kind it lacks.
   */
  for (const kind of ['audio', 'video'] as const) {
    const track = localStream?.getTracks().find((each) => each.kind === kind);
    if (localStream && track) {
      pc.addTrack(track, localStream);
    } else if (!options.polite) {
      pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }
  /** The kind's transceiver: this page's own, or the one the other page's offer made here. */
  function transceiverOf(kind: MediaKind): RTCRtpTransceiver | undefined {
    const found =
      transceivers.get(kind) ??
      pc.getTransceivers().find((each) => each.receiver.track.kind === kind);
    if (found) transceivers.set(kind, found);
    return found;
  }

  /** The encodings exist once negotiated: set when ICE first connects and on each change. */
  async function applyEncodings() {
    await setEncoding(transceiverOf('audio')?.sender, (encoding) => {
      encoding.priority = 'high';
      encoding.networkPriority = 'high';
    });
    await setEncoding(transceiverOf('video')?.sender, limitVideo(videoLimit));
  }

  pc.addEventListener('track', (event: RTCTrackEvent) => {
    if (closed) return;
    const [stream] = event.streams;
    if (!stream) return;
    remoteStream = stream;
    event.track?.addEventListener?.('ended', () => options.onMediaChange());
    options.onRemoteStream(stream);
    options.onMediaChange();
  });
  let encodingsSet = false;
  pc.addEventListener('iceconnectionstatechange', () => {
    if (closed) return;
    const state = pc.iceConnectionState;
    if ((state === 'connected' || state === 'completed') && !encodingsSet) {
      encodingsSet = true;
      applyEncodings().catch(() => undefined);
    }
    options.onIceState(state);
    options.onMediaChange();
  });

  return {
    pc,
    handle(signal) {
      if ('candidate' in signal && signal.candidate) remoteCandidates += 1;
      chain = chain.then(() => negotiation.handle(signal));
      return chain;
    },
    unanswered: () => pc.signalingState === 'have-local-offer',
    resendOffer() {
      const offer = pc.signalingState === 'have-local-offer' ? describe(pc.localDescription) : null;
      if (offer) send(offer);
    },
    negotiationStuck: () => pc.signalingState !== 'stable' || !pc.remoteDescription,
    noRemoteCandidate: () => remoteCandidates === 0,
    pathDown: () => pc.iceConnectionState === 'failed' || pc.iceConnectionState === 'disconnected',
    flowing() {
      const ice = pc.iceConnectionState;
      if (ice !== 'connected' && ice !== 'completed') return false;
      return remoteStream?.getTracks().some((track) => track.readyState !== 'ended') ?? false;
    },
    restart(configuration) {
      pc.setConfiguration(configuration);
      pc.restartIce();
    },
    async replaceTrack(kind, track) {
      if (closed) return;
      const transceiver = transceiverOf(kind);
      if (!transceiver) {
        // The answering page before the offer: a track `addTrack` adds now meets the offer's
        // m-line, so it is sent from the first answer on.
        if (!track) return;
        const sender = pc.addTrack(track, ...(localStream ? [localStream] : []));
        const added = pc.getTransceivers().find((each) => each.sender === sender);
        if (added) transceivers.set(kind, added);
        return;
      }
      if (transceiver.sender.track === track) return;
      if (track && transceiver.direction === 'recvonly') {
        // The page began without this device: sending it now needs one renegotiation.
        transceiver.direction = 'sendrecv';
        if (localStream) transceiver.sender.setStreams?.(localStream);
      }
      await transceiver.sender.replaceTrack(track);
      if (track) await applyEncodings().catch(() => undefined);
    },
    async setVideoSendLimit(limit) {
      videoLimit = limit;
      if (closed) return;
      await setEncoding(transceiverOf('video')?.sender, limitVideo(limit));
    },
    close() {
      closed = true;
      pc.close();
    },
  };
}
