import { useCallback, useMemo, useRef, useState } from 'react';
import type { Attachment } from '@shared/cases/api';
import type { UploadKind } from '@shared/uploads/rules';
import type { UploadStage } from './upload-case-file';
import { uploadErrorMessage } from './upload-errors';

export type UploadStatus = 'waiting' | UploadStage | 'done' | 'error';

/** One file to send into a case. */
export interface UploadRequest {
  file: File;
  kind: UploadKind;
  durationSeconds?: number;
}

export interface UploadItem extends UploadRequest {
  id: string;
  status: UploadStatus;
  /** 0-100: a step-based estimate (a presigned POST through fetch reports no byte progress). */
  progress: number;
  error?: string;
  attachment?: Attachment;
}

const STAGE_PROGRESS: Record<UploadStatus, number> = {
  waiting: 0,
  requesting: 10,
  uploading: 35,
  confirming: 90,
  done: 100,
  error: 0,
};

export interface UploadSummary {
  total: number;
  done: number;
  failed: number;
  /** Files still on their way. */
  active: number;
  /** Nothing is on its way (there may be failures). */
  settled: boolean;
}

export function summarizeUploads(items: readonly UploadItem[]): UploadSummary {
  const done = items.filter((item) => item.status === 'done').length;
  const failed = items.filter((item) => item.status === 'error').length;
  const active = items.length - done - failed;
  return { total: items.length, done, failed, active, settled: active === 0 };
}

let nextId = 0;

/**
 * Uploads files into a case in parallel, with a state per file; a failed file can be retried on
 * its own (the case already exists, so the form is not sent again).
 */
export function useCaseUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const caseIdRef = useRef<string | null>(null);

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    async (caseId: string, item: UploadItem) => {
      update(item.id, {
        status: 'requesting',
        progress: STAGE_PROGRESS.requesting,
        error: undefined,
      });
      try {
        // Loaded with the first upload: its requests bring their contracts and zod, which the
        // request screen's first load goes without. A failed load is a failed upload (retry).
        const { uploadCaseFile } = await import('./upload-case-file');
        const attachment = await uploadCaseFile(
          caseId,
          item.file,
          item.kind,
          item.durationSeconds,
          {
            onStage: (stage) => update(item.id, { status: stage, progress: STAGE_PROGRESS[stage] }),
          },
        );
        update(item.id, { status: 'done', progress: 100, attachment });
      } catch (error) {
        update(item.id, { status: 'error', progress: 0, error: uploadErrorMessage(error) });
      }
    },
    [update],
  );

  /** Starts uploading `requests` into `caseId`, replacing any earlier list. */
  const start = useCallback(
    (caseId: string, requests: readonly UploadRequest[]) => {
      caseIdRef.current = caseId;
      const started = requests.map<UploadItem>((request) => ({
        ...request,
        id: `upload-${(nextId += 1)}`,
        status: 'waiting',
        progress: 0,
      }));
      setItems(started);
      for (const item of started) void run(caseId, item);
    },
    [run],
  );

  const retry = useCallback(
    (id: string) => {
      const caseId = caseIdRef.current;
      const item = items.find((candidate) => candidate.id === id);
      if (!caseId || !item || item.status !== 'error') return;
      void run(caseId, item);
    },
    [items, run],
  );

  const retryFailed = useCallback(() => {
    const caseId = caseIdRef.current;
    if (!caseId) return;
    for (const item of items) if (item.status === 'error') void run(caseId, item);
  }, [items, run]);

  const reset = useCallback(() => {
    caseIdRef.current = null;
    setItems([]);
  }, []);

  const summary = useMemo(() => summarizeUploads(items), [items]);

  return { items, summary, start, retry, retryFailed, reset };
}

export type CaseUploads = ReturnType<typeof useCaseUploads>;
