import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api';

export function testPaymentCompleteUrl(patientId: string): string {
  return `/api/test/payment-complete/${encodeURIComponent(patientId)}`;
}

/**
 * `POST /api/test/payment-complete/{patientId}` (no body): asks the server to synchronise the
 * patient's payment with Stripe. The answer (`success`, `message`) is not used by the page.
 */
export async function syncTestPayment(patientId: string): Promise<void> {
  await apiRequest('POST', testPaymentCompleteUrl(patientId));
}

export function useSyncTestPayment() {
  return useMutation({
    mutationKey: ['payments', 'test-payment-complete'],
    mutationFn: syncTestPayment,
  });
}
