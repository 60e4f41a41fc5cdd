import { describe, expect, it } from 'vitest';
import {
  candidatePair,
  localCandidate,
  remoteCandidate,
  selectedPath,
  statsReport,
} from '../testing/stats-report';
import { readConnection, readStatsSnapshot } from './connection-stats';

describe('readConnection', () => {
  it("reads the transport's selected pair: direct, round trip in ms", () => {
    const result = readConnection(
      statsReport(
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' },
        // A pair that is not the selected one.
        candidatePair({
          id: 'P1',
          localCandidateId: 'L0',
          remoteCandidateId: 'R0',
          currentRoundTripTime: 0.5,
        }),
        localCandidate('relay', 'L0'),
        candidatePair({ id: 'P2', currentRoundTripTime: 0.0234 }),
        localCandidate('host'),
        remoteCandidate('srflx'),
      ),
    );
    expect(result).toEqual({ path: 'direct', rttMs: 23 });
  });

  it.each([
    ['the local', 'relay', 'host'],
    ['the remote', 'host', 'relay'],
  ])('is relayed when %s candidate is a relay candidate', (_name, localType, remoteType) => {
    const result = readConnection(
      statsReport(...selectedPath(localType, remoteType, { currentRoundTripTime: 0.081 })),
    );
    expect(result).toEqual({ path: 'relayed', rttMs: 81 });
  });

  it('falls back to a pair flagged selected (older Firefox), without a round trip yet', () => {
    const result = readConnection(
      statsReport(
        candidatePair(),
        candidatePair({ id: 'P2', selected: true }),
        localCandidate('relay'),
        remoteCandidate('host'),
      ),
    );
    expect(result).toEqual({ path: 'relayed', rttMs: null });
  });

  it('falls back to a nominated, succeeded pair', () => {
    const result = readConnection(
      statsReport(
        candidatePair({ nominated: true, state: 'succeeded', currentRoundTripTime: 0.002 }),
        localCandidate('host'),
        remoteCandidate('host'),
      ),
    );
    expect(result).toEqual({ path: 'direct', rttMs: 2 });
  });

  it('is null before a pair is selected', () => {
    expect(readConnection(statsReport())).toBeNull();
    expect(
      readConnection(
        statsReport(
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
    statsReport(
      ...selectedPath('relay', 'srflx', {
        currentRoundTripTime: 0.12,
        availableOutgoingBitrate: 640_000,
      }),
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
      statsReport({
        id: 'IV',
        type: 'inbound-rtp',
        kind: 'video',
        packetsReceived: 9,
        jitter: 0.05,
      }),
    );
    expect(snapshot.jitterMs).toBe(50);
    expect(snapshot.inbound).toEqual({ IV: { packetsReceived: 9, packetsLost: 0 } });
  });

  it('is empty, not zero, when the browser reports nothing yet', () => {
    expect(readStatsSnapshot(statsReport())).toEqual({
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
