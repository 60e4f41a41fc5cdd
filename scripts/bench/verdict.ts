/**
 * Checks a measured figure against its goal and words the outcome, with the gap on a miss
 * ("landing first-load JS 131.8 KB, goal ≤ 100.0 KB, 31.8 KB over"). A figure that could not be
 * measured (NaN, or a reason given) is a miss too: the bench never reports a goal as met
 * without having seen it met.
 */
export interface Check {
  ok: boolean;
  line: string;
}

export type Unit = 'KB' | 'ms' | 'ratio' | 'score' | 'count' | 'per minute' | 'cents' | 'share';

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'KB':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'ms':
      return `${value.toFixed(1)} ms`;
    case 'ratio':
    case 'score':
      return value.toFixed(2);
    case 'count':
      return value.toFixed(0);
    case 'per minute':
      return `${value.toFixed(1)}/min`;
    case 'cents':
      return `$${(value / 100).toFixed(2)}`;
    case 'share':
      return `${(value * 100).toFixed(1)} %`;
  }
}

function compare(
  figure: string,
  value: number,
  goal: number,
  unit: Unit,
  direction: 'atMost' | 'atLeast',
): Check {
  const sign = direction === 'atMost' ? '≤' : '≥';
  const goalText = `goal ${sign} ${formatValue(goal, unit)}`;
  if (!Number.isFinite(value)) return { ok: false, line: `${figure} not measured, ${goalText}` };
  const ok = direction === 'atMost' ? value <= goal : value >= goal;
  const measured = `${figure} ${formatValue(value, unit)}, ${goalText}`;
  if (ok) return { ok, line: `${measured}: met` };
  const gap = formatValue(Math.abs(value - goal), unit);
  return { ok, line: `${measured}, ${gap} ${direction === 'atMost' ? 'over' : 'short'}` };
}

export const atMost = (figure: string, value: number, goal: number, unit: Unit): Check =>
  compare(figure, value, goal, unit, 'atMost');

export const atLeast = (figure: string, value: number, goal: number, unit: Unit): Check =>
  compare(figure, value, goal, unit, 'atLeast');

/** A goal with no number (e.g. "every refusal carries Retry-After"), told why it failed. */
export function holds(figure: string, ok: boolean, detail: string): Check {
  return { ok, line: `${figure}: ${ok ? 'met' : `missed (${detail})`}` };
}

/** A goal the run could not measure (e.g. push not available before the push work is merged). */
export function notMeasured(figure: string, reason: string): Check {
  return { ok: false, line: `${figure} not measured: ${reason}` };
}

/** Collects the checks of a run; the bench exits non-zero when any missed. */
export class Verdict {
  readonly checks: Check[] = [];

  add(check: Check): string {
    this.checks.push(check);
    return check.ok ? 'met' : 'MISSED';
  }

  get misses(): Check[] {
    return this.checks.filter((check) => !check.ok);
  }
}
