/** One stat of a `getStats()` report: its `id`, `type` and the fields of that type. */
export type Stat = Record<string, unknown>;

/** A report as the browser's maplike gives it: [id, stat] entries. */
export function statsReport(...stats: Stat[]): Map<string, unknown> {
  return new Map(stats.map((stat) => [stat.id as string, stat]));
}

/** A candidate pair between the candidates L1 and R1; `fields` adds to it or replaces them. */
export function candidatePair(fields: Stat = {}): Stat {
  return {
    id: 'P1',
    type: 'candidate-pair',
    localCandidateId: 'L1',
    remoteCandidateId: 'R1',
    ...fields,
  };
}

/** This side's ICE candidate (`host`, `srflx`, `relay`…). */
export function localCandidate(candidateType: string, id = 'L1'): Stat {
  return { id, type: 'local-candidate', candidateType };
}

/** The other side's ICE candidate. */
export function remoteCandidate(candidateType: string, id = 'R1'): Stat {
  return { id, type: 'remote-candidate', candidateType };
}

/**
 * The media path of a call: the transport, the candidate pair it selected (`pair` adds to it,
 * e.g. the round trip) and the pair's two candidates.
 */
export function selectedPath(localType: string, remoteType: string, pair: Stat = {}): Stat[] {
  return [
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'P1' },
    candidatePair(pair),
    localCandidate(localType),
    remoteCandidate(remoteType),
  ];
}
