import {
  applicationDocumentMessages,
  applicationDocumentRules,
} from '@shared/doctor-applications/application-rules';
import type { DoctorApplicationRecord } from '#db/doctor-applications';
import {
  listExpiredPendingDocuments,
  releasePendingDocument,
  reservePendingDocument,
  type PendingDocument,
} from '#db/pending-documents';
import { HttpError, conflict } from '#core/errors';
import { contentTypeMatches } from '../uploads/file-signature';

/** Documents arrive right after the application is submitted; later uploads are refused. */
const UPLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_DOCUMENTS = 10;
const TOO_MANY = `At most ${MAX_DOCUMENTS} documents can be attached`;

export function assertAcceptsDocuments(application: DoctorApplicationRecord, now = Date.now()) {
  if (now - Date.parse(application.applicationDate) > UPLOAD_WINDOW_MS) {
    throw conflict('Documents can only be added within a day of applying');
  }
}

const allowedTypes = applicationDocumentRules.contentTypes as readonly string[];
const unprocessable = (message: string) => new HttpError(422, message);

/** The declared file, before any bytes move (spec doc 2 §5 messages). */
export function assertDocumentAllowed(file: { contentType: string; size: number }): void {
  if (!allowedTypes.includes(file.contentType)) {
    throw unprocessable(applicationDocumentMessages.invalidType);
  }
  if (file.size > applicationDocumentRules.maxBytes) {
    throw unprocessable(applicationDocumentMessages.tooLarge);
  }
}

/** The stored bytes: the size S3 holds and the type their signature proves. */
export function assertStoredDocumentValid(file: {
  contentType: string;
  size: number;
  head: Buffer;
}): void {
  if (
    !allowedTypes.includes(file.contentType) ||
    !contentTypeMatches(file.head, file.contentType)
  ) {
    throw unprocessable(applicationDocumentMessages.invalidType);
  }
  if (file.size <= 0 || file.size > applicationDocumentRules.maxBytes) {
    throw unprocessable(applicationDocumentMessages.tooLarge);
  }
}

/**
 * Takes one of the application's document slots (unconfirmed uploads count), giving back the
 * slots of uploads nobody confirmed in time first when all are taken.
 */
export async function reserveDocumentSlot(document: PendingDocument): Promise<void> {
  if (await reservePendingDocument(document, MAX_DOCUMENTS)) return;
  const expired = await listExpiredPendingDocuments(document.applicationId);
  if (expired.length === 0) throw conflict(TOO_MANY);
  for (const stale of expired) await releasePendingDocument(stale);
  if (!(await reservePendingDocument(document, MAX_DOCUMENTS))) throw conflict(TOO_MANY);
}
