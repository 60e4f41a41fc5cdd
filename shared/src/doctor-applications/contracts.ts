import { attachmentListSchema, attachmentSchema } from '../cases/api';
import { defineRoute } from '../http/contract';
import { applicationParamsSchema } from './application-id';
import { applicationStatusResponseSchema } from './status';
import { doctorApplicationSubmitResponseSchema, doctorApplicationSubmitSchema } from './submit';

/** Doctor application routes (spec doc 2 §3, §5, §7). */

export const createDoctorApplication = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications',
  body: doctorApplicationSubmitSchema,
  response: doctorApplicationSubmitResponseSchema,
});

/**
 * Multipart `file` + `type`, so there is no JSON body schema: the handler reads the form and
 * parses `type` with `applicationDocumentTypeSchema`.
 */
export const uploadApplicationDocument = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications/{applicationId}/upload',
  params: applicationParamsSchema,
  response: attachmentSchema,
});

export const getApplicationStatus = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctor-applications/status/{applicationId}',
  params: applicationParamsSchema,
  response: applicationStatusResponseSchema,
});

/** Admin only: the documents with 5-minute download links. */
export const listApplicationAttachments = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctor-applications/{applicationId}/attachments',
  params: applicationParamsSchema,
  response: attachmentListSchema,
});
