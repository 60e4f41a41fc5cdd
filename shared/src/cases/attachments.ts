import * as z from 'zod';

export { ATTACHMENT_LINK_SECONDS } from './attachment-links';

/** Presigned upload of one file into a case (DESIGN.md §6). */
export const createUploadRequestSchema = z.object({
  kind: z.enum(['image', 'document', 'voice', 'attachment']),
  filename: z.string().trim().min(1, { error: 'File name is required' }).max(200),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive({ error: 'The file is empty' }),
  /** Voice notes only: the recorded length, checked against 120 s. */
  durationSeconds: z.number().positive().optional(),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const confirmUploadRequestSchema = z.object({ uploadId: z.string().min(1).max(100) });

/** An attachment as listed for a case (spec doc 2 §3). */
export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  originalName: z.string(),
  type: z.string(),
  size: z.number().int(),
  url: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.array(attachmentSchema);
