/**
 * Case routes (spec doc 1 §7, doc 2 §7). The routes marked "not built yet" answer 501 today;
 * their response schemas arrive with the issues that build them.
 */
export { createCase } from './contracts/create-case';
export { getCaseStatus } from './contracts/get-case-status';
export { getCaseWait } from './contracts/get-case-wait';
export { submitFeedback } from './contracts/submit-feedback';
export { listCases } from './contracts/list-cases';
export { getCaseDetails } from './contracts/get-case-details';
export { claimCase } from './contracts/claim-case';
export { listCaseAttachments } from './contracts/list-case-attachments';
export { recordNurseVisit } from './contracts/record-nurse-visit';
