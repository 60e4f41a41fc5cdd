/**
 * Paths of app pages that several features link to. A feature's own page paths stay in the
 * feature; these are here so that linking to a page does not import the feature that owns it.
 */

/** The visit page of a case: the default destination after payment. */
export function visitPath(caseId: string): string {
  return `/visit/${encodeURIComponent(caseId)}`;
}
