import type { CaseRecord } from '../db/cases/record';
import type { PaymentRecord } from '../db/payments';
import { newPatientAndCase } from '../features/cases/new-case';

/** What intake stores for a telemedicine request of the made-up patient Ada. */
export const adaIntake: Parameters<typeof newPatientAndCase>[0] = {
  source: 'case',
  name: 'Ada Patient',
  email: 'ada@example.org',
  phone: null,
  contactInfo: 'ada@example.org',
  requestType: 'telemedicine',
  triageSummary: 'Mild headache',
  history: '',
  location: '',
  medicalFiles: [],
  metadata: {},
};

/**
 * A stored case for unit tests: a new case as intake makes it, paid at `paidAt`, with the
 * fields a test names overridden.
 */
export function paidCaseRecord(paidAt: string, overrides: Partial<CaseRecord> = {}): CaseRecord {
  const { caseRecord } = newPatientAndCase(adaIntake, new Date(paidAt));
  return { ...caseRecord, status: 'paid', paidAt, ...overrides };
}

/** A stored payment for unit tests: an authorization of the flat fee, with the fields named. */
export function paymentRecord(
  createdAt: string,
  overrides: Partial<PaymentRecord> = {},
): PaymentRecord {
  return {
    id: `payment-${createdAt}`,
    caseId: 'case-1',
    provider: 'stripe',
    status: 'authorized',
    rawPayload: {
      checkoutSessionId: 'cs_test_1',
      paymentIntentId: 'pi_test_1',
      amountTotal: 299,
      currency: 'usd',
      eventId: null,
    },
    createdAt,
    refund: null,
    settlement: null,
    settledAt: null,
    intentStatus: 'requires_capture',
    settlementFailure: null,
    ...overrides,
  };
}
