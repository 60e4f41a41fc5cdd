import { describe, expect, it } from 'vitest';
import type { Signal } from '@shared/meetings/signalling';
import { FakePeerConnection } from '../testing/fake-peer-connection';
import { attachPerfectNegotiation } from './perfect-negotiation';

function setUp(polite: boolean) {
  const pc = new FakePeerConnection();
  const sent: Signal[] = [];
  const errors: unknown[] = [];
  const negotiation = attachPerfectNegotiation(pc as unknown as RTCPeerConnection, {
    polite,
    send: (signal) => sent.push(signal),
    onError: (error) => errors.push(error),
  });
  return { pc, sent, errors, negotiation };
}

/** Lets the fake's promise chain run. */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

const remoteOffer: Signal = { description: { type: 'offer', sdp: 'remote-offer' } };

describe('perfect negotiation', () => {
  it('sends an offer when negotiation is needed, and applies the answer', async () => {
    const { pc, sent, negotiation, errors } = setUp(false);
    pc.needNegotiation();
    await flush();
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);
    await negotiation.handle({ description: { type: 'answer', sdp: 'remote-answer' } });
    expect(pc.signalingState).toBe('stable');
    expect(errors).toEqual([]);
  });

  it('answers an offer and applies its candidates', async () => {
    const { pc, sent, negotiation } = setUp(true);
    await negotiation.handle(remoteOffer);
    expect(sent).toEqual([{ description: { type: 'answer', sdp: 'answer-sdp' } }]);
    await negotiation.handle({ candidate: { candidate: 'candidate:1', sdpMid: '0' } });
    expect(pc.candidates).toEqual([{ candidate: 'candidate:1', sdpMid: '0' }]);
  });

  it('holds candidates that overtake their offer or answer, and applies them once it is in', async () => {
    const { pc, sent, negotiation, errors } = setUp(false);
    pc.needNegotiation();
    await flush();
    const early = { candidate: 'candidate:1', sdpMid: '0' };
    await negotiation.handle({ candidate: early });
    expect(pc.candidates).toEqual([]);
    await negotiation.handle({ description: { type: 'answer', sdp: 'remote-answer' } });
    expect(pc.candidates).toEqual([early]);
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('sends gathered candidates, but not the end-of-candidates marker', () => {
    const { pc, sent } = setUp(true);
    pc.gatherCandidate({ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 });
    pc.dispatchEvent(Object.assign(new Event('icecandidate'), { candidate: null }));
    expect(sent).toEqual([
      { candidate: { candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 } },
    ]);
  });

  it('on glare the impolite peer ignores the offer and its candidates, silently', async () => {
    const { pc, sent, negotiation, errors } = setUp(false);
    pc.needNegotiation();
    await flush();
    await negotiation.handle(remoteOffer);
    await negotiation.handle({ candidate: { candidate: 'candidate:1' } });
    expect(pc.signalingState).toBe('have-local-offer');
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('on glare the polite peer rolls back its offer and answers', async () => {
    const { pc, sent, negotiation, errors } = setUp(true);
    pc.needNegotiation();
    await flush();
    await negotiation.handle(remoteOffer);
    expect(sent.at(-1)).toEqual({ description: { type: 'answer', sdp: 'answer-sdp' } });
    expect(pc.signalingState).toBe('stable');
    expect(errors).toEqual([]);
  });

  it('two pages offering at once settle on one offer and one answer', async () => {
    const impolite = setUp(false);
    const polite = setUp(true);
    impolite.pc.needNegotiation();
    polite.pc.needNegotiation();
    await flush();
    // Each one's offer reaches the other.
    await polite.negotiation.handle(impolite.sent[0]!);
    await impolite.negotiation.handle(polite.sent[0]!);
    // The polite peer's answer reaches the impolite one.
    await impolite.negotiation.handle(polite.sent.at(-1)!);
    expect(impolite.pc.signalingState).toBe('stable');
    expect(polite.pc.signalingState).toBe('stable');
    expect([...impolite.errors, ...polite.errors]).toEqual([]);
  });

  it('reports a failure to apply a description', async () => {
    const { pc, negotiation, errors } = setUp(true);
    pc.setRemoteDescription = () => Promise.reject(new Error('bad description'));
    await negotiation.handle(remoteOffer);
    expect(errors).toHaveLength(1);
  });

  it('drops an answer when no offer of its own waits for one (a repeated answer)', async () => {
    const { pc, negotiation, errors } = setUp(false);
    await negotiation.handle({ description: { type: 'answer', sdp: 'repeated' } });
    expect(pc.remoteDescription).toBeNull();
    expect(errors).toEqual([]);
  });

  it('answers the same offer again with the same answer (the first answer was lost)', async () => {
    const { pc, sent, negotiation } = setUp(true);
    await negotiation.handle(remoteOffer);
    await negotiation.handle(remoteOffer);
    expect(sent).toEqual([
      { description: { type: 'answer', sdp: 'answer-sdp' } },
      { description: { type: 'answer', sdp: 'answer-sdp' } },
    ]);
    expect(pc.signalingState).toBe('stable');
  });
});
