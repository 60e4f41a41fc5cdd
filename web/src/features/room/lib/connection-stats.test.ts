import { describe, expect, it } from 'vitest';
import { readConnection } from './connection-stats';

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
