import { useMutation } from '@tanstack/react-query';
import {
  createCheckoutSessionResponseSchema,
  type CreateCheckoutSessionResponse,
} from '@shared/cases/api';
import { apiRequest } from '@web/lib/api';

export const CHECKOUT_SESSION_URL = '/api/create-checkout-session';

export interface CreateCheckoutSessionInput {
  caseId: string;
  mode: 'embedded' | 'hosted';
}

/** `POST /api/create-checkout-session`: a Stripe Checkout Session for the case. */
export async function createCheckoutSession(
  input: CreateCheckoutSessionInput,
): Promise<CreateCheckoutSessionResponse> {
  const res = await apiRequest('POST', CHECKOUT_SESSION_URL, input);
  return createCheckoutSessionResponseSchema.parse(await res.json());
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationKey: ['payments', 'create-checkout-session'],
    mutationFn: createCheckoutSession,
  });
}
