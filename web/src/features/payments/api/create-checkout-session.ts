import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutSessionResponse } from '@shared/cases/api';
import { createCheckoutSession as createCheckoutSessionRoute } from '@shared/payments/contracts';
import { request } from '@web/lib/api';

export interface CreateCheckoutSessionInput {
  caseId: string;
  mode: 'embedded' | 'hosted';
}

/** `POST /api/create-checkout-session`: a Stripe Checkout Session for the case. */
export async function createCheckoutSession(
  input: CreateCheckoutSessionInput,
): Promise<CreateCheckoutSessionResponse> {
  return request(createCheckoutSessionRoute, { body: input });
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationKey: ['payments', 'create-checkout-session'],
    mutationFn: createCheckoutSession,
  });
}
