import * as z from 'zod';
import { createUploadResponseSchema } from '../../cases/attachments';
import { defineRoute } from '../../http/contract';
import { applicationParamsSchema } from '../application-id';
import { applicationDocumentTypeSchema } from '../submit';

export const applicationDocumentUploadRequestSchema = z.object({
  type: applicationDocumentTypeSchema,
  filename: z.string().trim().min(1, { error: 'File name is required' }).max(200),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive({ error: 'The file is empty' }),
});
export type ApplicationDocumentUploadRequest = z.infer<
  typeof applicationDocumentUploadRequestSchema
>;

/**
 * Step one of a document upload (spec doc 2 §7 names this path with a multipart body; issue 10
 * item 6 moves the bytes to a presigned POST, because a 5 MB file does not fit Lambda's request
 * payload once API Gateway encodes it). The answer is a presigned POST, as for a case's files.
 */
export const uploadApplicationDocument = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/doctor-applications/{applicationId}/upload',
  params: applicationParamsSchema,
  body: applicationDocumentUploadRequestSchema,
  response: createUploadResponseSchema,
});
