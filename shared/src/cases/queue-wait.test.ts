import { describe, expect, it } from 'vitest';
import { waitAccuracyText } from '../admin/stats';
import { caseWaitResponseSchema, queuePlaceText, waitEstimateText } from './queue-wait';

describe('the waiting room lines (issue 28 item 5)', () => {
  it('says the place and the range in whole minutes', () => {
    expect(queuePlaceText(2)).toBe('You are number 2 in the queue');
    expect(waitEstimateText({ lowMinutes: 10, highMinutes: 28 })).toBe(
      'Estimated wait: 10–28 minutes',
    );
  });

  it('reads an answer with no place (no longer waiting) and refuses a place of 0', () => {
    const answer = {
      place: null,
      aheadInQueue: 0,
      doctorsOnDuty: 0,
      estimate: null,
      waitPromiseMinutes: 30,
    };
    expect(caseWaitResponseSchema.parse(answer)).toEqual(answer);
    expect(caseWaitResponseSchema.safeParse({ ...answer, place: 0 }).success).toBe(false);
  });
});

describe("the admin's accuracy line", () => {
  it('gives the share within the tolerance and the count', () => {
    expect(waitAccuracyText({ withinTolerance: 17, consultations: 20 })).toBe(
      'Wait estimates: 85 % within 3 minutes of the real start (20 consultations)',
    );
    expect(waitAccuracyText({ withinTolerance: 0, consultations: 1 })).toBe(
      'Wait estimates: 0 % within 3 minutes of the real start (1 consultation)',
    );
  });

  it('says so before any consultation was counted', () => {
    expect(waitAccuracyText({ withinTolerance: 0, consultations: 0 })).toBe(
      'Wait estimates: no consultation has started since they were given',
    );
  });
});
