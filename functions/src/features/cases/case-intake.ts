/**
 * Reading A's intake (`POST /api/cases`, spec doc 1 §2): a form and optional small inline files.
 * The handler parses the request and answers; which files a request may hold, what the form
 * makes of a case and storing the files with it (`openCase`, features/cases/open-case.ts) is here.
 */
import { randomUUID } from 'node:crypto';
import type { CaseIntake } from '@shared/cases/intake';
import { caseFileRules } from '@shared/uploads/rules';
import { insertAttachment, type AttachmentRecord } from '#db/attachments';
import type { CaseRecord } from '#db/cases/record';
import { badRequest, conflict } from '#core/errors';
import type { MultipartFile } from '#lib/http/multipart';
import type { Logger } from '#lib/logger';
import {
  normalizeContentType,
  storedFilename,
  uploadRules,
  type UploadRule,
} from '../uploads/rules';
import { caseObjectKey, putObject } from '../uploads/storage';
import { assertStoredFileValid } from '../uploads/verify';
import type { NewCaseInput } from './new-case';
import { openCase, type OpenedCase } from './open-case';

/** Multipart field names of the inline files (spec doc 1 §7: voice, images, documents). */
const kindOfField: Record<string, UploadRule['kind']> = {
  voice: 'voice',
  images: 'image',
  image: 'image',
  documents: 'document',
  document: 'document',
};

/** How many inline files reading A may send, and how large: the multipart parse stops beyond. */
export const inlineFileLimits = {
  maxFiles:
    caseFileRules.image.maxCount + caseFileRules.document.maxCount + caseFileRules.voice.maxCount,
  maxFileBytes: caseFileRules.voice.maxBytes,
} as const;

/** An inline file that passed its kind's rule, with the name it is stored under. */
export interface InlineFile {
  file: MultipartFile;
  rule: UploadRule;
  /** Named once, so the case's `medicalFiles` and the attachment hold the same name. */
  storedName: string;
}

/**
 * Checks every inline file before anything is stored: one bad file refuses the whole request
 * (400 for a field that is no file kind, the kind's 422 for a file its bytes do not prove, 409
 * for more files of a kind than it allows).
 */
export function checkInlineFiles(files: readonly MultipartFile[], now = new Date()): InlineFile[] {
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
    return { file, rule, storedName: storedFilename(file.filename, now) };
  });
  for (const rule of [uploadRules.image, uploadRules.document, uploadRules.voice]) {
    if (checked.filter((entry) => entry.rule === rule).length > rule.maxCount) {
      throw conflict(rule.tooMany);
    }
  }
  return checked;
}

/**
 * Reading A's form as a new case: always a video consultation (the form asks nothing else), the
 * email or else the phone as the contact, and the inline files' stored names.
 */
export function caseInputOfIntake(intake: CaseIntake, files: readonly InlineFile[]): NewCaseInput {
  return {
    source: 'case',
    name: intake.name,
    email: intake.email ?? null,
    phone: intake.phone ?? null,
    contactInfo: intake.email ?? intake.phone ?? '',
    requestType: 'telemedicine',
    triageSummary: intake.triageSummary,
    history: '',
    location: '',
    medicalFiles: files.map((inline) => inline.storedName),
    metadata: {},
  };
}

/** Reading A: checks the inline files, then opens the case the form describes with them. */
export async function openIntakeCase(
  intake: CaseIntake,
  formFiles: readonly MultipartFile[],
  log: Logger,
): Promise<OpenedCase> {
  const files = checkInlineFiles(formFiles);
  return openCase(caseInputOfIntake(intake, files), log, async (caseRecord) => {
    for (const inline of files) await storeInlineFile(caseRecord, inline);
  });
}

/** One inline file in the case's storage and its attachment item (counted against its kind). */
async function storeInlineFile(caseRecord: CaseRecord, { file, rule, storedName }: InlineFile) {
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
    filename: storedName,
    originalName: file.filename,
    contentType,
    size: file.data.length,
    s3Key: key,
    createdAt: caseRecord.createdAt,
  };
  await insertAttachment(attachment, rule.maxCount);
}
