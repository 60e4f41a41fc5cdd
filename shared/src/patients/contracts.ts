/**
 * Patient routes of reading B (spec doc 1 §7), addressed by the patient id; the patient's own data
 * and actions also need the patient's key (`patient-key.ts`, docs/adr/0012).
 */
export { createPatient } from './contracts/create-patient';
export { getVideoAccess } from './contracts/get-video-access';
export { recordMeetingAccess } from './contracts/record-meeting-access';
export { getPaymentVerification } from './contracts/get-payment-verification';
