/**
 * The path of every page the app links or navigates to, written once (issue 30 item 2): pages
 * with parameters are functions that encode them. The router's patterns are the route table's
 * (`app/route-table.ts`, data only, which this module may not import: libraries never import the
 * app shell); `app/route-table.test.ts` checks that each path here opens a page of the table.
 * No imports: the entry chunk (the site header) carries this module.
 */

const encode = encodeURIComponent;

export const paths = {
  home: '/',
  /** The request form, reading A (the case flow; spec doc 1 §2). */
  patientTelehealth: '/patient-telehealth',
  /** The request form, reading B (the patient flow). */
  patient: '/patient',
  paymentChoice: (caseId: string) => `/payment-choice?case_id=${encode(caseId)}`,
  cardPayment: (caseId: string) => `/stripe-payment?case_id=${encode(caseId)}`,
  paymentProcessing: (caseId: string) => `/payment-processing?case_id=${encode(caseId)}`,
  /** The visit page of a case: the default destination after payment. */
  visit: (caseId: string) => `/visit/${encode(caseId)}`,
  /** The feedback page of a case: where the visit page and the patient's room end. */
  feedback: (caseId: string) => `/feedback/${encode(caseId)}`,
  videoAccess: (patientId: string) => `/video-access?patient_id=${encode(patientId)}`,
  /** Where the doctor's room ends. */
  providerDashboard: '/provider-dashboard',
  apply: '/provider/apply',
  /** The status page; with an id as shown to doctors (`APP-…`), prefilled and searched. */
  applicationStatus: (shownId?: string) =>
    shownId ? `/provider/status?id=${encode(shownId)}` : '/provider/status',
} as const;
