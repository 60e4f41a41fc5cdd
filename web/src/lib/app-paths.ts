/**
 * Paths of app pages that several features link to. A feature's own page paths stay in the
 * feature; these are here so that linking to a page does not import the feature that owns it.
 */

/** The visit page of a case: the default destination after payment. */
export function visitPath(caseId: string): string {
  return `/visit/${encodeURIComponent(caseId)}`;
}

/** The feedback page of a case: where the visit page and the patient's room end. */
export function feedbackPath(caseId: string): string {
  return `/feedback/${encodeURIComponent(caseId)}`;
}

/** The provider dashboard: where the doctor's room ends. */
export const PROVIDER_DASHBOARD_PATH = '/provider-dashboard';
