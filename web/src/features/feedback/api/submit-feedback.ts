import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { submitFeedback } from '@shared/cases/contracts';
import type { FeedbackRequest, FeedbackResponse } from '@shared/cases/feedback';
import { request } from '@web/lib/api';
import { patientKeyHeaders } from '@web/lib/patient-key';

/** `POST /api/cases/{caseId}/feedback` {rating, feedback} (spec doc 1 §7). */
export function useSubmitFeedback(
  caseId: string,
  options: Omit<
    UseMutationOptions<FeedbackResponse, Error, FeedbackRequest>,
    'mutationFn' | 'mutationKey'
  >,
) {
  return useMutation({
    ...options,
    mutationKey: ['feedback', caseId],
    mutationFn: (body) =>
      request(submitFeedback, { params: { caseId }, body, headers: patientKeyHeaders(caseId) }),
  });
}
