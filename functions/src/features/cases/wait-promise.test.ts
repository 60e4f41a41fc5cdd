import { describe, expect, it } from 'vitest';
import { paidCaseRecord } from '#testing/cases';
import { canTransition, mayAuthorizeAgain } from './transitions';
import { waitPromiseEndsAt, waitPromiseScheduleName } from './wait-promise-schedule';
import { waitPromiseView } from './views';

const PAID_AT = '2026-11-29T10:00:00.000Z';
const DAY_SECONDS = 86_400;

describe('the wait promise’s transitions (docs/adr/0025)', () => {
  it('lets a paid case, or a claimed one not started, go back to awaiting payment; a call never', () => {
    expect(canTransition('paid', 'awaiting_payment')).toBe(true);
    expect(canTransition('claimed', 'awaiting_payment')).toBe(true);
    expect(canTransition('in_call', 'awaiting_payment')).toBe(false);
    expect(canTransition('completed', 'awaiting_payment')).toBe(false);
  });

  it('ends W minutes after each authorization, each with its own schedule', () => {
    expect(waitPromiseEndsAt(new Date(PAID_AT), 30).toISOString()).toBe('2026-11-29T10:30:00.000Z');
    expect(waitPromiseEndsAt(new Date(PAID_AT), 0.05).toISOString()).toBe(
      '2026-11-29T10:00:03.000Z',
    );
    const caseId = '8e2d6f1a-4c3b-4d7e-9a5f-0b1c2d3e4f5a';
    expect(waitPromiseScheduleName(caseId, 1)).not.toBe(waitPromiseScheduleName(caseId, 2));
    // Scheduler's names are at most 64 characters.
    expect(waitPromiseScheduleName(caseId, 99).length).toBeLessThanOrEqual(64);
  });
});

describe('Keep waiting within the outer limit (CASE_EXPIRY_SECONDS from the first payment)', () => {
  const lapsed = { paidAt: PAID_AT, waitPromiseLapsedAt: '2026-11-29T10:30:00.000Z' };
  const at = (seconds: number) => new Date(Date.parse(PAID_AT) + seconds * 1000);

  it('authorizes a lapsed case again until its first payment’s expiry, not after', () => {
    expect(mayAuthorizeAgain(lapsed, at(DAY_SECONDS - 1))).toBe(true);
    expect(mayAuthorizeAgain(lapsed, at(DAY_SECONDS))).toBe(false);
  });

  it('leaves a case never lapsed to the usual rules', () => {
    expect(
      mayAuthorizeAgain({ paidAt: null, waitPromiseLapsedAt: null }, at(DAY_SECONDS * 9)),
    ).toBe(true);
  });
});

describe('the status answer’s waitPromise', () => {
  const endsAt = '2026-11-29T10:30:00.000Z';

  it('is null for a case never authorized under a promise', () => {
    expect(waitPromiseView(paidCaseRecord(PAID_AT, { authorizations: 0 }), 30)).toBeNull();
  });

  it('tells the end while the case waits for a doctor', () => {
    for (const status of ['paid', 'claimed'] as const) {
      expect(
        waitPromiseView(
          paidCaseRecord(PAID_AT, { status, authorizations: 1, waitPromiseEndsAt: endsAt }),
          30,
        ),
      ).toEqual({ minutes: 30, endsAt, lapsedAt: null });
    }
  });

  it('tells the lapse once the case awaits payment again, and no end', () => {
    const lapsedAt = '2026-11-29T10:30:01.000Z';
    expect(
      waitPromiseView(
        paidCaseRecord(PAID_AT, {
          status: 'awaiting_payment',
          authorizations: 1,
          waitPromiseEndsAt: endsAt,
          waitPromiseLapsedAt: lapsedAt,
        }),
        30,
      ),
    ).toEqual({ minutes: 30, endsAt: null, lapsedAt });
  });

  it('has neither once a doctor started the call (the promise was kept)', () => {
    expect(
      waitPromiseView(
        paidCaseRecord(PAID_AT, {
          status: 'in_call',
          authorizations: 1,
          waitPromiseEndsAt: endsAt,
        }),
        30,
      ),
    ).toEqual({ minutes: 30, endsAt: null, lapsedAt: null });
  });
});
