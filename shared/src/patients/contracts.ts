/** Patient routes of reading B (spec doc 1 §7): the patient id is the capability. */
export { createPatient } from './contracts/create-patient';
export { getVideoAccess } from './contracts/get-video-access';
export { recordMeetingAccess } from './contracts/record-meeting-access';
export { getPaymentVerification } from './contracts/get-payment-verification';
