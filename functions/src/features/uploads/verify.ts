import { uploadMessages } from '@shared/uploads/rules';
import type { CaseRecord } from '#db/cases/record';
import { HttpError, conflict } from '#core/errors';
import { contentTypeMatches, wavDurationSeconds } from './file-signature';
import type { UploadRule } from './rules';

/** Half a second of slack for recorders that stop a little after 120 s. */
const VOICE_SLACK_SECONDS = 0.5;

const unprocessable = (message: string) => new HttpError(422, message);

/** Cases accept files until the consultation is over. */
export function assertCaseAcceptsFiles(caseRecord: CaseRecord): void {
  if (!['awaiting_payment', 'paid', 'claimed', 'in_call'].includes(caseRecord.status)) {
    throw conflict('This case no longer accepts files');
  }
}

/**
 * Checks a declared upload before any bytes move: type, size, length. The count is held by the
 * upload slots (`db/upload-slots.ts`), taken when the upload is presigned.
 */
export function assertUploadAllowed(
  rule: UploadRule,
  upload: { filename: string; contentType: string; size: number; durationSeconds?: number },
): void {
  if (!rule.contentTypes.includes(upload.contentType))
    throw unprocessable(rule.invalid(upload.filename));
  if (upload.size > rule.maxBytes) {
    throw unprocessable(
      rule.kind === 'attachment'
        ? uploadMessages.fileTooLarge(upload.filename)
        : rule.invalid(upload.filename),
    );
  }
  if (rule.kind === 'voice' && (upload.durationSeconds ?? 0) > 120 + VOICE_SLACK_SECONDS) {
    throw unprocessable(uploadMessages.voiceTooLong);
  }
}

/**
 * Checks the stored bytes (DESIGN.md §6): the size S3 holds and the type the first bytes prove,
 * and for voice notes the recorded length in the WAV header.
 */
export function assertStoredFileValid(
  rule: UploadRule,
  file: { originalName: string; contentType: string; size: number; head: Buffer },
): void {
  if (file.size <= 0) throw unprocessable('The file is empty');
  if (file.size > rule.maxBytes) {
    throw unprocessable(
      rule.kind === 'attachment'
        ? uploadMessages.fileTooLarge(file.originalName)
        : rule.invalid(file.originalName),
    );
  }
  if (
    !rule.contentTypes.includes(file.contentType) ||
    !contentTypeMatches(file.head, file.contentType)
  ) {
    throw unprocessable(rule.invalid(file.originalName));
  }
  if (rule.kind === 'voice') {
    const seconds = wavDurationSeconds(file.head);
    if (seconds === null) throw unprocessable(rule.invalid(file.originalName));
    if (seconds > 120 + VOICE_SLACK_SECONDS) throw unprocessable(uploadMessages.voiceTooLong);
  }
}
