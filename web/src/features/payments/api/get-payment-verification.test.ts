// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_POLL_BACKOFF_MS } from '@web/lib/poll-backoff';
import { getPaymentVerification } from '@shared/patients/contracts';
import { inTurn, json, mockApi, routeOf } from '@web/testing/api-mock';
import { busy, busyAnswer, fakePollClock, observeQuery } from '@web/testing/polling';
import { paymentVerificationQueryOptions } from './get-payment-verification';

const PATIENT_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const VERIFICATION = routeOf(getPaymentVerification);
const waiting = () =>
  json({
    paymentVerified: false,
    meetingCreated: false,
    providerAssigned: false,
    patientName: 'Ada Patient',
    requestType: 'telemedicine',
    caseId: '6f1c7a52-7d0e-4b6f-9f66-2d8f7c4b1e11',
    money: null,
  });

beforeEach(fakePollClock);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the 1 s payment-verification poll on a busy server', () => {
  it('waits at least the 5 s a 503 with Retry-After: 5 asks before polling again', async () => {
    const { fetch: fetchMock } = mockApi({ [VERIFICATION]: inTurn(waiting, busy, waiting) });
    const stop = observeQuery(paymentVerificationQueryOptions(PATIENT_ID));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // the 503

    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // A good answer brings back the spec's 1 s beat.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    stop();
  });

  it('backs off further each time a busy answer does not say how long', async () => {
    const callTimes: number[] = [];
    mockApi({
      [VERIFICATION]: () => {
        callTimes.push(Date.now());
        return callTimes.length === 1 ? waiting() : busyAnswer(null);
      },
    });
    const stop = observeQuery(paymentVerificationQueryOptions(PATIENT_ID));
    await vi.advanceTimersByTimeAsync(300_000);
    const gaps = callTimes.slice(1).map((time, index) => time - callTimes[index]!);
    // 1 s to the first busy answer, then ever longer waits up to the cap (1, 2, 3, 6, 12… s).
    expect(gaps.slice(0, 3)).toEqual([1_000, 2_000, 3_000]);
    for (let index = 2; index < gaps.length; index += 1) {
      expect(gaps[index]).toBeGreaterThanOrEqual(gaps[index - 1]!);
    }
    expect(Math.max(...gaps)).toBe(MAX_POLL_BACKOFF_MS);
    stop();
  });
});
