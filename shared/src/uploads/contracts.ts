/** Files of a case through presigned S3 POSTs (DESIGN.md §6): ask, upload to S3, confirm. */
export { createCaseUpload } from './contracts/create-case-upload';
export { confirmCaseUpload } from './contracts/confirm-case-upload';
