import { describe, expect, it } from 'vitest';
import { routeKey } from '../../functions/src/routes';
import { PROCESSING_POLL_MS, VISIT_POLL_MS } from '../../web/src/lib/case-status';
import { PAYMENT_VERIFICATION_POLL_MS } from '../../web/src/features/payments/api/get-payment-verification';
import { CASE_LIST_POLL_MS } from '../../web/src/features/provider-dashboard/api/cases';
import { VIDEO_ACCESS_POLL_MS } from '../../web/src/features/video-access/api/get-video-access';
import { pollingPages, requestsPerMinute } from '../lib/capacity';

/**
 * The capacity model polls at the rates the web app really uses: if a page starts polling
 * faster, the throttles and WAF limits must be recomputed, and this fails first.
 */
describe('the capacity model’s polling rates', () => {
  it.each([
    ['paymentProcessing', PROCESSING_POLL_MS, 'GET /api/cases/{caseId}/status'],
    ['visit', VISIT_POLL_MS, 'GET /api/cases/{caseId}/status'],
    ['videoAccess', VIDEO_ACCESS_POLL_MS, 'GET /api/patients/{patientId}/video-access'],
    [
      'paymentVerification',
      PAYMENT_VERIFICATION_POLL_MS,
      'GET /api/patients/{patientId}/payment-verification',
    ],
    ['providerDashboard', CASE_LIST_POLL_MS, 'GET /api/cases'],
  ] as const)('%s polls every %i ms (%s), as the web app does', (page, ms, key) => {
    expect(
      pollingPages[page].map((poll) => [routeKey(poll.route), poll.everySeconds * 1000]),
    ).toEqual([[key, ms]]);
  });

  it('gives the requests per minute of each page', () => {
    expect(requestsPerMinute('paymentVerification')).toBe(60);
    expect(requestsPerMinute('paymentProcessing')).toBe(30);
    expect(requestsPerMinute('visit')).toBe(12);
    expect(requestsPerMinute('videoAccess')).toBe(2);
    expect(requestsPerMinute('providerDashboard')).toBe(2);
  });
});
