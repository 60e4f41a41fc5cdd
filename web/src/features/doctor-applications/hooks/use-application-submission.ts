import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  applicationDocumentTypes,
  type ApplicationDocumentType,
} from '@shared/doctor-applications/submit';
import { uploadApplicationDocument } from '../api/upload-document';
import { DOCUMENT_SLOTS, type ChosenDocuments } from '../lib/documents';

/** Session storage key of the created application and which documents arrived. */
export const SUBMISSION_KEY = 'telehealth.doctorApplication.submitted';

export type DocumentUploadStatus = 'waiting' | 'uploading' | 'done' | 'error' | 'needs-file';

export interface DocumentUpload {
  type: ApplicationDocumentType;
  fileName: string;
  /** Null after a reload: files are never stored, the applicant picks it again. */
  file: File | null;
  status: DocumentUploadStatus;
  error?: string;
}

export interface Submission {
  applicationId: string;
  uploads: DocumentUpload[];
}

interface StoredSubmission {
  applicationId: string;
  documents: { type: ApplicationDocumentType; name: string; done: boolean }[];
}

function isDocumentType(value: unknown): value is ApplicationDocumentType {
  return (applicationDocumentTypes as readonly unknown[]).includes(value);
}

function readSubmission(): Submission | null {
  try {
    const raw = sessionStorage.getItem(SUBMISSION_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<StoredSubmission> | null;
    if (!saved || typeof saved.applicationId !== 'string' || !Array.isArray(saved.documents)) {
      return null;
    }
    const uploads = saved.documents
      .filter(
        (document) =>
          isDocumentType(document?.type) &&
          typeof document.name === 'string' &&
          typeof document.done === 'boolean',
      )
      .map<DocumentUpload>(({ type, name, done }) => ({
        type,
        fileName: name,
        file: null,
        status: done ? 'done' : 'needs-file',
      }));
    return { applicationId: saved.applicationId, uploads };
  } catch {
    return null;
  }
}

function writeSubmission(submission: Submission | null): void {
  try {
    if (!submission) {
      sessionStorage.removeItem(SUBMISSION_KEY);
      return;
    }
    const stored: StoredSubmission = {
      applicationId: submission.applicationId,
      documents: submission.uploads.map(({ type, fileName, status }) => ({
        type,
        name: fileName,
        done: status === 'done',
      })),
    };
    sessionStorage.setItem(SUBMISSION_KEY, JSON.stringify(stored));
  } catch {
    // Unavailable storage: the success screen still shows until the tab is reloaded.
  }
}

export interface UploadSummary {
  total: number;
  done: number;
  failed: number;
  /** Nothing is on its way (some may have failed or need a file). */
  settled: boolean;
}

export function summarizeUploads(uploads: readonly DocumentUpload[]): UploadSummary {
  const done = uploads.filter((upload) => upload.status === 'done').length;
  const failed = uploads.filter(
    (upload) => upload.status === 'error' || upload.status === 'needs-file',
  ).length;
  return { total: uploads.length, done, failed, settled: done + failed === uploads.length };
}

/**
 * The created application and its document uploads (spec doc 2 §7: one call per document, in
 * parallel, after creation). A failed document can be retried on its own, or replaced by another
 * file; the application id and which documents arrived survive a reload.
 */
export function useApplicationSubmission() {
  const [submission, setSubmission] = useState<Submission | null>(readSubmission);

  useEffect(() => {
    writeSubmission(submission);
  }, [submission]);

  const patch = useCallback((type: ApplicationDocumentType, change: Partial<DocumentUpload>) => {
    setSubmission((current) =>
      current
        ? {
            ...current,
            uploads: current.uploads.map((upload) =>
              upload.type === type ? { ...upload, ...change } : upload,
            ),
          }
        : current,
    );
  }, []);

  const run = useCallback(
    async (applicationId: string, type: ApplicationDocumentType, file: File) => {
      patch(type, { status: 'uploading', error: undefined, file, fileName: file.name });
      try {
        await uploadApplicationDocument(applicationId, type, file);
        patch(type, { status: 'done' });
      } catch (error) {
        patch(type, {
          status: 'error',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    [patch],
  );

  /** Shows the created application and sends every chosen document at once. */
  const start = useCallback(
    (applicationId: string, documents: ChosenDocuments) => {
      const chosen = DOCUMENT_SLOTS.flatMap(({ type }) => {
        const file = documents[type];
        return file ? [{ type, file }] : [];
      });
      setSubmission({
        applicationId,
        uploads: chosen.map(({ type, file }) => ({
          type,
          file,
          fileName: file.name,
          status: 'waiting',
        })),
      });
      for (const { type, file } of chosen) void run(applicationId, type, file);
    },
    [run],
  );

  /** Sends a failed document again, or a newly chosen file in its place. */
  const retry = useCallback(
    (type: ApplicationDocumentType, replacement?: File) => {
      if (!submission) return;
      const upload = submission.uploads.find((candidate) => candidate.type === type);
      const file = replacement ?? upload?.file;
      if (!upload || !file || upload.status === 'uploading' || upload.status === 'done') return;
      void run(submission.applicationId, type, file);
    },
    [submission, run],
  );

  const reset = useCallback(() => setSubmission(null), []);

  const summary = useMemo(() => summarizeUploads(submission?.uploads ?? []), [submission]);

  return { submission, summary, start, retry, reset };
}
