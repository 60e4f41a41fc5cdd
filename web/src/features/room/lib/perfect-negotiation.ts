import type { Signal } from '@shared/meetings/signalling';

/**
 * MDN's perfect negotiation pattern
 * (https://developer.mozilla.org/docs/Web/API/WebRTC_API/Perfect_negotiation): either side may
 * make an offer whenever it needs to (tracks added, an ICE restart), and when both offer at
 * once the impolite peer ignores the other's offer while the polite one rolls its own back. The
 * patient is the polite peer (issue 9 item 3). No React and no socket here: `send` delivers a
 * signal to the other party.
 *
 * Signals may arrive out of order: the WebSocket API relays each message in its own Lambda
 * invocation, so a candidate sent just after an offer can overtake it. A candidate that comes
 * before any remote description (or while one is being applied) is held and applied once the
 * description is in; one that then fails belonged to a description we never applied.
 */

/** Candidates held while no remote description is applied (a browser gathers a handful). */
export const MAX_HELD_CANDIDATES = 100;

/** The parts of `RTCPeerConnection` the pattern uses (a fake one in tests). */
export type NegotiatingPeer = Pick<
  RTCPeerConnection,
  | 'signalingState'
  | 'localDescription'
  | 'remoteDescription'
  | 'setLocalDescription'
  | 'setRemoteDescription'
  | 'addIceCandidate'
  | 'addEventListener'
>;

export interface Negotiation {
  /** Feeds a signal from the other party. */
  handle(signal: Signal): Promise<void>;
}

function descriptionOf(description: RTCSessionDescription | null) {
  return description ? { type: description.type, sdp: description.sdp } : null;
}

export function attachPerfectNegotiation(
  pc: NegotiatingPeer,
  {
    polite,
    send,
    onError = () => undefined,
  }: { polite: boolean; send: (signal: Signal) => void; onError?: (error: unknown) => void },
): Negotiation {
  let makingOffer = false;
  let ignoreOffer = false;
  let settingRemoteAnswer = false;
  let applyingRemote = false;
  let heldCandidates: RTCIceCandidateInit[] = [];

  async function applyHeldCandidates() {
    const held = heldCandidates;
    heldCandidates = [];
    for (const candidate of held) {
      // A candidate of an offer we ignored, or of an older description: nothing to apply.
      await pc.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  const sendLocalDescription = () => {
    const description = descriptionOf(pc.localDescription);
    if (description) send({ description });
  };

  pc.addEventListener('negotiationneeded', () => {
    void (async () => {
      try {
        makingOffer = true;
        // Without an argument the browser makes the right description (an offer here).
        await pc.setLocalDescription();
        sendLocalDescription();
      } catch (error) {
        onError(error);
      } finally {
        makingOffer = false;
      }
    })();
  });

  pc.addEventListener('icecandidate', (event: RTCPeerConnectionIceEvent) => {
    // The end-of-candidates marker (null) is not sent: browsers do not need it.
    if (event.candidate) send({ candidate: event.candidate.toJSON() as never });
  });

  return {
    async handle(signal) {
      try {
        if ('description' in signal) {
          const { description } = signal;
          if (
            description.type === 'offer' &&
            pc.signalingState === 'stable' &&
            pc.remoteDescription?.type === 'offer' &&
            pc.remoteDescription.sdp === description.sdp
          ) {
            // The same offer again (re-sent because our answer was lost): the same answer again.
            sendLocalDescription();
            return;
          }
          // An answer is only for an offer of ours that waits (a repeated one is not).
          if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return;
          const readyForOffer =
            !makingOffer && (pc.signalingState === 'stable' || settingRemoteAnswer);
          const collision = description.type === 'offer' && !readyForOffer;
          ignoreOffer = !polite && collision;
          if (ignoreOffer) return;
          settingRemoteAnswer = description.type === 'answer';
          applyingRemote = true;
          try {
            // The polite peer's own offer is rolled back implicitly by setRemoteDescription.
            await pc.setRemoteDescription(description);
          } finally {
            settingRemoteAnswer = false;
            applyingRemote = false;
          }
          if (description.type === 'offer') {
            await pc.setLocalDescription();
            sendLocalDescription();
          }
          await applyHeldCandidates();
        } else if ('candidate' in signal && signal.candidate) {
          if (!pc.remoteDescription || applyingRemote) {
            if (heldCandidates.length < MAX_HELD_CANDIDATES) heldCandidates.push(signal.candidate);
            return;
          }
          try {
            await pc.addIceCandidate(signal.candidate);
          } catch (error) {
            // Candidates of an offer we ignored fail to apply: expected.
            if (!ignoreOffer) throw error;
          }
        }
      } catch (error) {
        onError(error);
      }
    },
  };
}
