import { useMutation } from '@tanstack/react-query';
import { testPaymentComplete } from '@shared/payments/contracts';
import { send } from '@web/lib/api';

/**
 * `POST /api/test/payment-complete/{patientId}` (no body): asks the server to synchronise the
 * patient's payment with Stripe. The answer (`success`, `message`) is not used by the page.
 */
export async function syncTestPayment(patientId: string): Promise<void> {
  await send(testPaymentComplete, { params: { patientId } });
}

export function useSyncTestPayment() {
  return useMutation({
    mutationKey: ['payments', 'test-payment-complete'],
    mutationFn: syncTestPayment,
  });
}
