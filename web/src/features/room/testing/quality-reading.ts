import type { CallQuality, QualityLevel } from '../lib/call-quality';

/**
 * A reading of the quality meter for the adaptation tests: only the level and the outgoing
 * estimate matter there; the other figures are those of a clean relayed link.
 */
export function qualityReading(
  level: QualityLevel,
  availableOutgoingBitrateBps = 1_000_000,
): CallQuality {
  return {
    level,
    reasons: [],
    path: 'relayed',
    rttMs: 50,
    receiveLossPct: 0,
    sendLossPct: 0,
    jitterMs: 5,
    framesPerSecond: 30,
    freezes: 0,
    qualityLimitationReason: 'none',
    availableOutgoingBitrateBps,
  };
}
