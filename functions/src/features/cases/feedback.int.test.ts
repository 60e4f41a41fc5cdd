import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newPaidCaseId, patientHeaders, postJson } from '#local/testing/patient-journey';
import { adminListAll, adminToken } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { storeCaseStatus } from '#db/testing';
import { CASE_NOT_FOUND } from './load';
import type { AdminCaseRow } from '@shared/admin/api';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import { feedbackMessages } from '@shared/cases/feedback';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();

/** The patient's feedback, with the case's key (`headers` replaces it). */
function submit(caseId: string, body: unknown, headers = patientHeaders(caseId)) {
  return postJson(stack, pathOf(caseContracts.submitFeedback, { caseId }), body, headers);
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

/**
 * A paid case whose consultation ended. The meeting end is built on another branch of issue 9,
 * so the test moves the case with the data layer's test-only helper (db/testing.ts).
 */
async function completedCaseId(): Promise<string> {
  const caseId = await newPaidCaseId(stack);
  await storeCaseStatus(caseId, 'completed', new Date().toISOString());
  return caseId;
}

describe('POST /api/cases/{caseId}/feedback', () => {
  it('refuses a consultation that has not ended, and an unknown case', async () => {
    const paid = await newPaidCaseId(stack);
    const early = await submit(paid, { rating: 5 });
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(feedbackMessages.notEnded);

    const unknown = await submit(randomUUID(), { rating: 5 }, {});
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe(CASE_NOT_FOUND);
  });

  it.each([0, 6, 'x', 2.5, null])('refuses the rating %s with the spec message', async (rating) => {
    const caseId = await completedCaseId();
    const response = await submit(caseId, { rating, feedback: 'Kind and clear' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(feedbackMessages.ratingRequired);
  });

  it('takes the feedback of a completed case once, and the admin case list shows it', async () => {
    const caseId = await completedCaseId();
    const first = await submit(caseId, { rating: 4, feedback: '  Kind and clear  ' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ success: true });

    const second = await submit(caseId, { rating: 1 });
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(feedbackMessages.alreadySubmitted);

    const token = await adminToken(stack);
    const rows = await adminListAll<AdminCaseRow>(
      stack,
      token,
      pathOf(adminContracts.adminListCases, {}),
    );
    const row = rows.find((candidate) => candidate.id === caseId);
    expect(row?.status).toBe('completed');
    expect(row?.feedback).toMatchObject({ rating: 4, feedback: 'Kind and clear' });
    expect(Date.parse(row?.feedback?.submittedAt ?? '')).not.toBeNaN();
  });

  it('lets exactly one of concurrent submits win', async () => {
    const caseId = await completedCaseId();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => submit(caseId, { rating })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) {
      expect(await messageOf(answer)).toBe(feedbackMessages.alreadySubmitted);
    }
  });

  it('takes a rating without comments', async () => {
    const caseId = await completedCaseId();
    expect((await submit(caseId, { rating: 5 })).status).toBe(201);
  });
});
