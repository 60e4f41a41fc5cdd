// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCaseStatus } from '@shared/cases/contracts';
import { inTurn, json, mockApi, routeOf, type Answer } from '@web/testing/api-mock';
import { busy, busyAnswer, fakePollClock, observeQuery } from '@web/testing/polling';
import { ApiError, parseRetryAfter, throwIfResNotOk } from './api-error';
import { caseStatusQueryOptions, PROCESSING_POLL_MS, PROCESSING_STATUS_RETRY } from './case-status';
import { nextPollMs } from './poll-backoff';

const CASE_ID = '6f1c7a52-7d0e-4b6f-9f66-2d8f7c4b1e11';
const caseStatus = {
  caseId: CASE_ID,
  status: 'paid',
  requestType: 'telemedicine',
  paidAt: '2026-11-26T16:00:00.000Z',
  meeting: null,
  claimedBy: null,
  refund: null,
  nurseVisit: null,
  callOutcome: null,
  waitPromise: null,
  money: null,
};
const status: Answer = () => json(caseStatus);
const STATUS = routeOf(getCaseStatus);
/** The processing screen's query: its 2-second poll, with retries (spec doc 1 §7). */
const processingOptions = () =>
  caseStatusQueryOptions(CASE_ID, PROCESSING_POLL_MS, PROCESSING_STATUS_RETRY);

beforeEach(fakePollClock);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the case-status poll backs off on 503 with Retry-After', () => {
  it('polls every 2 s while the answers are good', async () => {
    const { fetch: fetchMock } = mockApi({ [STATUS]: status });
    const stop = observeQuery(processingOptions());
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    stop();
  });

  it('waits the 5 s a 503 asks, for its retry and for the next poll', async () => {
    const { fetch: fetchMock } = mockApi({ [STATUS]: inTurn(status, busy, busy, busy, status) });
    const stop = observeQuery(processingOptions());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // the first 503
    // Its two retries, 5 s apart instead of the usual 1 s.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // The poll after the failed one: 5 s, not 2 s.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    // A good answer brings back the 2 s beat.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    stop();
  });
});

describe('Retry-After on the error', () => {
  it('keeps Retry-After of a failed answer, in milliseconds, and the message as before', async () => {
    const error = await throwIfResNotOk(busyAnswer()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterMs).toBe(5_000);
    expect((error as ApiError).message).toBe(
      '503: {"message":"The service is temporarily unavailable."}',
    );
    const without = await throwIfResNotOk(busyAnswer(null)).catch((e: unknown) => e);
    expect((without as ApiError).retryAfterMs).toBeNull();
  });

  it('reads delay-seconds and HTTP dates, and ignores anything else', () => {
    const now = Date.parse('2026-11-26T16:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 16:00:07 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 15:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('keeps the beat for failures that are not busy answers, and honours a 429 too', () => {
    const state = { dataUpdatedAt: 1, errorUpdatedAt: 10_001, errorUpdateCount: 3 };
    expect(nextPollMs({ ...state, error: new ApiError(500, 'x') }, 2_000)).toBe(2_000);
    expect(nextPollMs({ ...state, error: new TypeError('Failed to fetch') }, 2_000)).toBe(2_000);
    expect(nextPollMs({ ...state, error: null }, 2_000)).toBe(2_000);
    expect(nextPollMs({ ...state, error: new ApiError(429, 'x', 30_000) }, 2_000)).toBe(30_000);
  });
});
