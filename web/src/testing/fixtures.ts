import type { ClientConfig } from '@shared/config/client-config';

/** Ids and settings the page tests share. */

export const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
export const PATIENT_ID = '0b5e7c1a-3f2d-4e6b-8a9c-1d2e3f4a5b6c';

/** What `GET /api/config` answers in tests. */
export const TEST_CONFIG: ClientConfig = {
  stripePublishableKey: 'pk_test_123',
  stripeJsUrl: 'http://127.0.0.1:12111/v3/stripe.js',
  supportEmail: 'support@telehealth.test',
};
