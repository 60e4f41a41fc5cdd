import { describe, expect, it } from 'vitest';
import {
  countOnDuty,
  keepsOnDuty,
  ON_DUTY_IDLE_MINUTES,
  ON_DUTY_STALE_SECONDS,
  type DutySignal,
} from './on-duty';

const now = new Date('2026-11-29T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const fresh = (providerId: string): DutySignal => ({
  providerId,
  heartbeatAt: ago(1000),
  usedAt: ago(60_000),
});

describe('keepsOnDuty', () => {
  it('counts a dashboard with a recent heartbeat that was used recently', () => {
    expect(keepsOnDuty(fresh('p1'), now)).toBe(true);
  });

  it('drops a dashboard whose heartbeat is older than the stale limit', () => {
    const edge = ON_DUTY_STALE_SECONDS * 1000;
    expect(keepsOnDuty({ ...fresh('p1'), heartbeatAt: ago(edge) }, now)).toBe(true);
    expect(keepsOnDuty({ ...fresh('p1'), heartbeatAt: ago(edge + 1) }, now)).toBe(false);
  });

  it('drops a dashboard nobody used within the idle limit', () => {
    const edge = ON_DUTY_IDLE_MINUTES * 60 * 1000;
    expect(keepsOnDuty({ ...fresh('p1'), usedAt: ago(edge) }, now)).toBe(true);
    expect(keepsOnDuty({ ...fresh('p1'), usedAt: ago(edge + 1) }, now)).toBe(false);
  });

  it('does not count a dashboard before its first heartbeat, or with unreadable times', () => {
    expect(keepsOnDuty({ providerId: 'p1' }, now)).toBe(false);
    expect(keepsOnDuty({ ...fresh('p1'), usedAt: undefined }, now)).toBe(false);
    expect(keepsOnDuty({ ...fresh('p1'), heartbeatAt: 'yesterday' }, now)).toBe(false);
  });
});

describe('countOnDuty', () => {
  it('counts each doctor once however many tabs, and only the ones on duty', () => {
    const idle = { ...fresh('p3'), usedAt: ago(ON_DUTY_IDLE_MINUTES * 60 * 1000 + 1) };
    expect(countOnDuty([fresh('p1'), fresh('p1'), fresh('p2'), idle], now)).toBe(2);
  });

  it('counts a doctor on duty if any one of their tabs is', () => {
    const stale = { ...fresh('p1'), heartbeatAt: ago(ON_DUTY_STALE_SECONDS * 1000 + 1) };
    expect(countOnDuty([stale, fresh('p1')], now)).toBe(1);
    expect(countOnDuty([stale], now)).toBe(0);
    expect(countOnDuty([], now)).toBe(0);
  });
});
