import { randomUUID } from 'node:crypto';
import {
  applicationDocumentMessages,
  applicationDocumentRules,
  applicationDocumentTypeSchema,
} from '@shared/doctor-applications/submit';
import {
  insertApplicationDocument,
  listApplicationDocuments,
} from '../../db/application-documents';
import { getDoctorApplication } from '../../db/doctor-applications';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { httpHandler } from '../../lib/http/handler';
import { parseMultipart } from '../../lib/http/multipart';
import { parseRequestPart } from '../../lib/http/middleware/validation';
import { rateLimitFor } from '../../lib/rate-limits';
import * as routes from '../../routes';
import { contentTypeMatches } from '../uploads/file-signature';
import { normalizeContentType, storedFilename } from '../uploads/rules';
import { putObject } from '../uploads/storage';
import { toAttachmentView } from '../uploads/attachment-view';
import { APPLICATION_NOT_FOUND } from './status-lookup';

/** Documents arrive right after the application is submitted; later uploads are refused. */
const UPLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_DOCUMENTS = 10;

/**
 * POST /api/doctor-applications/{applicationId}/upload: multipart `file` + `type` (spec doc 2
 * §7). The bytes are checked (type by signature, size) before they are stored, as patient files.
 */
export const handler = httpHandler(routes.uploadApplicationDocument, {
  rateLimit: ({ clientIp }) => rateLimitFor('uploads', clientIp),
  async handle({ params, body }) {
    const form = await parseMultipart(body.bytes, body.contentType, {
      maxFiles: 1,
      maxFileBytes: applicationDocumentRules.maxBytes,
      maxFields: 2,
      maxFieldBytes: 100,
    });
    const type = parseRequestPart(applicationDocumentTypeSchema, form.fields.type);
    const file = form.files[0];
    if (!file || file.field !== 'file') throw badRequest('Please choose a file to upload');

    const application = await getDoctorApplication(params.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    if (Date.now() - Date.parse(application.applicationDate) > UPLOAD_WINDOW_MS) {
      throw conflict('Documents can only be added within a day of applying');
    }
    const contentType = normalizeContentType(file.contentType);
    const allowed = applicationDocumentRules.contentTypes as readonly string[];
    if (!allowed.includes(contentType) || !contentTypeMatches(file.data, contentType)) {
      throw new HttpError(422, applicationDocumentMessages.invalidType);
    }
    if (file.data.length === 0 || file.data.length > applicationDocumentRules.maxBytes) {
      throw new HttpError(422, applicationDocumentMessages.tooLarge);
    }
    if ((await listApplicationDocuments(application.applicationId)).length >= MAX_DOCUMENTS) {
      throw conflict(`At most ${MAX_DOCUMENTS} documents can be attached`);
    }

    const id = randomUUID();
    const key = `applications/${application.applicationId}/${id}`;
    await putObject(key, contentType, file.data);
    const attachment = {
      id,
      caseId: null,
      doctorApplicationId: application.applicationId,
      type,
      kind: type,
      filename: storedFilename(file.filename),
      originalName: file.filename,
      contentType,
      size: file.data.length,
      s3Key: key,
      createdAt: new Date().toISOString(),
    };
    await insertApplicationDocument(attachment);
    return { status: 201, body: toAttachmentView(attachment) };
  },
});
