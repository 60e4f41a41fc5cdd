import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordNurseVisit } from '@shared/cases/contracts';
import type { NurseVisitStepRequest, NurseVisitStepResponse } from '@shared/cases/nurse-visit';
import { request } from '@web/lib/api';
import { providerKeys } from './keys';
import { providerAuth } from './provider-auth';

/**
 * `POST /api/cases/{caseId}/nurse-visit`: one step of a home nurse visit (docs/adr/0022). The
 * lists are read again afterwards, whatever the answer: a refusal means the case moved on.
 */
export function useNurseVisitStep(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation<NurseVisitStepResponse, Error, NurseVisitStepRequest>({
    mutationKey: [...providerKeys.cases(), 'nurse-visit', caseId],
    mutationFn: (body) =>
      request(recordNurseVisit, { params: { caseId }, body, auth: providerAuth }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.cases() }),
  });
}
