import { describe, expect, it } from 'vitest';
import { readConnection, readStatsSnapshot } from './connection-stats';

/** A report as the browser's maplike gives it: [id, stat] entries. */
function report(...stats: Record<string, unknown>[]): Iterable<[string, unknown]> {
  return new Map(stats.map((stat) => [stat.id as string, stat]));
}

const local = (candidateType: string) => ({
  id: 'L1',
  type: 'local-candidate',
  candidateType,
});
const remote = (candidateType: string) => ({
  id: 'R1',
  type: 'remote-candidate',
  candidateType,
});

describe('readConnection', () => {
  it("reads the transport's selected pair: direct, round trip in ms", () => {
    const result = readConnection(
      report(
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' },
        // A pair that is not the selected one.
        {
          id: 'P1',
          type: 'candidate-pair',
          localCandidateId: 'L0',
          remoteCandidateId: 'R0',
          currentRoundTripTime: 0.5,
        },
        { id: 'L0', type: 'local-candidate', candidateType: 'relay' },
        {
          id: 'P2',
          type: 'candidate-pair',
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          currentRoundTripTime: 0.0234,
        },
        local('host'),
        remote('srflx'),
      ),
    );
    expect(result).toEqual({ path: 'direct', rttMs: 23 });
  });

  it.each([
    ['the local', 'relay', 'host'],
    ['the remote', 'host', 'relay'],
  ])('is relayed when %s candidate is a relay candidate', (_name, localType, remoteType) => {
    const result = readConnection(
      report(
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' },
        {
          id: 'P1',
          type: 'candidate-pair',
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          currentRoundTripTime: 0.081,
        },
        local(localType),
        remote(remoteType),
      ),
    );
    expect(result).toEqual({ path: 'relayed', rttMs: 81 });
  });

  it('falls back to a pair flagged selected (older Firefox), without a round trip yet', () => {
    const result = readConnection(
      report(
        { id: 'P1', type: 'candidate-pair', localCandidateId: 'L1', remoteCandidateId: 'R1' },
        {
          id: 'P2',
          type: 'candidate-pair',
          selected: true,
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
        },
        local('relay'),
        remote('host'),
      ),
    );
    expect(result).toEqual({ path: 'relayed', rttMs: null });
  });

  it('falls back to a nominated, succeeded pair', () => {
    const result = readConnection(
      report(
        {
          id: 'P1',
          type: 'candidate-pair',
          nominated: true,
          state: 'succeeded',
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          currentRoundTripTime: 0.002,
        },
        local('host'),
        remote('host'),
      ),
    );
    expect(result).toEqual({ path: 'direct', rttMs: 2 });
  });

  it('is null before a pair is selected', () => {
    expect(readConnection(report())).toBeNull();
    expect(
      readConnection(
        report(
          { id: 'T1', type: 'transport' },
          { id: 'P1', type: 'candidate-pair', state: 'in-progress', nominated: false },
        ),
      ),
    ).toBeNull();
  });
});

describe('readStatsSnapshot', () => {
  /** A call's report as Chromium gives it: the pair, both directions of audio and video. */
  const callReport = () =>
    report(
      { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' },
      {
        id: 'P1',
        type: 'candidate-pair',
        localCandidateId: 'L1',
        remoteCandidateId: 'R1',
        currentRoundTripTime: 0.12,
        availableOutgoingBitrate: 640_000,
      },
      local('relay'),
      remote('srflx'),
      {
        id: 'IA',
        type: 'inbound-rtp',
        kind: 'audio',
        packetsReceived: 500,
        packetsLost: 5,
        jitter: 0.012,
      },
      {
        id: 'IV',
        type: 'inbound-rtp',
        kind: 'video',
        packetsReceived: 2000,
        packetsLost: 40,
        jitter: 0.045,
        framesPerSecond: 24,
        freezeCount: 2,
      },
      {
        id: 'RA',
        type: 'remote-inbound-rtp',
        kind: 'audio',
        fractionLost: 0.01,
        roundTripTime: 0.13,
      },
      {
        id: 'RV',
        type: 'remote-inbound-rtp',
        kind: 'video',
        fractionLost: 0.03,
        roundTripTime: 0.14,
      },
      { id: 'OV', type: 'outbound-rtp', kind: 'video', qualityLimitationReason: 'bandwidth' },
    );

  it('reads the counters per stream and the current estimates', () => {
    expect(readStatsSnapshot(callReport())).toEqual({
      connection: { path: 'relayed', rttMs: 120 },
      inbound: {
        IA: { packetsReceived: 500, packetsLost: 5 },
        IV: { packetsReceived: 2000, packetsLost: 40 },
      },
      // The voice's jitter, not the video's (a frame's packets spread even on a good link).
      jitterMs: 12,
      // The worst of what the other side reports it receives from us.
      sendFractionLost: 0.03,
      remoteRttMs: 140,
      framesPerSecond: 24,
      freezeCount: 2,
      qualityLimitationReason: 'bandwidth',
      availableOutgoingBitrateBps: 640_000,
    });
  });

  it("takes the video's jitter when nothing but video comes in", () => {
    const snapshot = readStatsSnapshot(
      report({ id: 'IV', type: 'inbound-rtp', kind: 'video', packetsReceived: 9, jitter: 0.05 }),
    );
    expect(snapshot.jitterMs).toBe(50);
    expect(snapshot.inbound).toEqual({ IV: { packetsReceived: 9, packetsLost: 0 } });
  });

  it('is empty, not zero, when the browser reports nothing yet', () => {
    expect(readStatsSnapshot(report())).toEqual({
      connection: null,
      inbound: {},
      jitterMs: null,
      sendFractionLost: null,
      remoteRttMs: null,
      framesPerSecond: null,
      freezeCount: null,
      qualityLimitationReason: null,
      availableOutgoingBitrateBps: null,
    });
  });
});
