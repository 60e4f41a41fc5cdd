import { randomUUID } from 'node:crypto';
import { caseIntakeSchema, type CreateCaseResponse } from '@shared/cases/intake';
import { caseFileRules } from '@shared/uploads/rules';
import { insertAttachment, type AttachmentRecord } from '../../db/attachments';
import { insertPatientWithCase } from '../../db/cases/create';
import { badRequest, conflict } from '../../core/errors';
import { httpHandler } from '../../lib/http/handler';
import { rateLimitFor } from '../../lib/rate-limits';
import { parseRequestPart } from '../../lib/http/middleware/validation';
import { parseMultipart, type MultipartFile } from '../../lib/http/multipart';
import * as routes from '../../routes';
import {
  normalizeContentType,
  storedFilename,
  uploadRules,
  type UploadRule,
} from '../uploads/rules';
import { caseObjectKey, putObject } from '../uploads/storage';
import { assertStoredFileValid } from '../uploads/verify';
import { announceCase } from '../../lib/realtime/announce';
import { newPatientAndCase } from './new-case';

/** Multipart field names of the inline files (spec doc 1 §7: voice, images, documents). */
const kindOfField: Record<string, UploadRule['kind']> = {
  voice: 'voice',
  images: 'image',
  image: 'image',
  documents: 'document',
  document: 'document',
};

const maxInlineFiles =
  caseFileRules.image.maxCount + caseFileRules.document.maxCount + caseFileRules.voice.maxCount;

/** Checks every inline file before anything is stored: one bad file refuses the whole request. */
function checkInlineFiles(files: MultipartFile[]): { file: MultipartFile; rule: UploadRule }[] {
  const checked = files.map((file) => {
    const kind = kindOfField[file.field];
    if (!kind) throw badRequest(`Unexpected file field ${file.field}`);
    const rule = uploadRules[kind];
    assertStoredFileValid(rule, {
      originalName: file.filename,
      contentType: normalizeContentType(file.contentType),
      size: file.data.length,
      head: file.data.subarray(0, 4096),
    });
    return { file, rule };
  });
  for (const rule of [uploadRules.image, uploadRules.document, uploadRules.voice]) {
    if (checked.filter((entry) => entry.rule === rule).length > rule.maxCount) {
      throw conflict(rule.tooMany);
    }
  }
  return checked;
}

/**
 * POST /api/cases (reading A): multipart name, triageSummary, email, phone and optional small
 * inline files. The web app sends the fields only and uploads files through presigned POSTs.
 */
export const handler = httpHandler(routes.createCase, {
  rateLimit: ({ clientIp }) => rateLimitFor('intake', clientIp),
  async handle({ body, log }) {
    const form = await parseMultipart(body.bytes, body.contentType, {
      maxFiles: maxInlineFiles,
      maxFileBytes: caseFileRules.voice.maxBytes,
      maxFields: 10,
      maxFieldBytes: 16 * 1024,
    });
    const intake = parseRequestPart(caseIntakeSchema, form.fields);
    const files = checkInlineFiles(form.files);

    const { patient, caseRecord, patientKey } = newPatientAndCase({
      source: 'case',
      name: intake.name,
      email: intake.email ?? null,
      phone: intake.phone ?? null,
      contactInfo: intake.email ?? intake.phone ?? '',
      requestType: 'telemedicine',
      triageSummary: intake.triageSummary,
      history: '',
      location: '',
      medicalFiles: files.map(({ file }) => storedFilename(file.filename)),
      metadata: {},
    });
    await insertPatientWithCase(patient, caseRecord);

    for (const { file, rule } of files) {
      const id = randomUUID();
      const key = caseObjectKey(caseRecord.id, id);
      const contentType = normalizeContentType(file.contentType);
      await putObject(key, contentType, file.data);
      const attachment: AttachmentRecord = {
        id,
        caseId: caseRecord.id,
        doctorApplicationId: null,
        type: rule.attachmentType,
        kind: rule.kind,
        filename: storedFilename(file.filename),
        originalName: file.filename,
        contentType,
        size: file.data.length,
        s3Key: key,
        createdAt: caseRecord.createdAt,
      };
      await insertAttachment(attachment, rule.maxCount);
    }
    await announceCase('NEW_CASE_CREATED', caseRecord, log);
    const answer: CreateCaseResponse = { caseId: caseRecord.id, patientKey };
    return { status: 201, body: answer };
  },
});
