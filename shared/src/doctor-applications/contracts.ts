/** Doctor application routes (spec doc 2 §3, §5, §7). */
export { createDoctorApplication } from './contracts/create-doctor-application';
export { uploadApplicationDocument } from './contracts/upload-application-document';
export { confirmApplicationDocument } from './contracts/confirm-application-document';
export { getApplicationStatus } from './contracts/get-application-status';
export { listApplicationAttachments } from './contracts/list-application-attachments';
