import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test helpers of the request screens: a fetch stand-in answering by `METHOD url`, presigned
 * upload answers, and a way to move fake timers while React and TanStack Query settle.
 */

export const CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';
export const PATIENT_ID = '0b5e7c1a-3f2d-4e6b-8a9c-1d2e3f4a5b6c';
export const STORAGE_URL = 'https://uploads.example.test/telehealth-uploads';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type Answer = (init: RequestInit, call: number) => Response | Promise<Response>;

export interface FetchCall {
  route: string;
  init: RequestInit;
}

export interface FetchMock {
  fetch: ReturnType<typeof vi.fn>;
  on(route: string, answer: Answer): void;
  calls(route?: string): FetchCall[];
  /** The JSON body of the n-th call to `route`. */
  jsonBody(route: string, index?: number): unknown;
}

/** Stubs `fetch`; a route without an answer rejects, so a missing stub fails loudly. */
export function mockFetch(routes: Record<string, Answer> = {}): FetchMock {
  const answers = new Map(Object.entries(routes));
  const counts = new Map<string, number>();
  const log: FetchCall[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = `${init.method ?? 'GET'} ${url}`;
    log.push({ route, init });
    const call = counts.get(route) ?? 0;
    counts.set(route, call + 1);
    const answer = answers.get(route);
    if (!answer) return Promise.reject(new Error(`No answer for ${route}`));
    return Promise.resolve(answer(init, call));
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    on: (route, answer) => answers.set(route, answer),
    calls: (route) => (route ? log.filter((entry) => entry.route === route) : [...log]),
    jsonBody: (route, index = 0) => {
      const call = log.filter((entry) => entry.route === route)[index];
      return call ? jsonOf(call) : undefined;
    },
  };
}

/** The JSON body of a call (undefined for other bodies). */
export function jsonOf(call: Pick<FetchCall, 'init'>): unknown {
  const body = call.init.body;
  if (typeof body !== 'string') return undefined;
  const parsed: unknown = JSON.parse(body);
  return parsed;
}

export const uploadsRoute = (caseId = CASE_ID) => `POST /api/cases/${caseId}/uploads`;
export const attachmentsRoute = (caseId = CASE_ID) => `POST /api/cases/${caseId}/attachments`;
export const storageRoute = `POST ${STORAGE_URL}`;

/** Presign, storage and confirm answers that succeed; upload ids are `upload-1`, `upload-2`... */
export function answerUploads(api: FetchMock, caseId = CASE_ID): void {
  api.on(uploadsRoute(caseId), (init, call) => {
    const request = jsonOf({ init }) as { contentType: string };
    return json({
      uploadId: `upload-${call + 1}`,
      url: STORAGE_URL,
      fields: {
        key: `cases/${caseId}/upload-${call + 1}`,
        'Content-Type': request.contentType,
        Policy: 'policy-document',
        'X-Amz-Signature': 'signature',
      },
      expiresAt: '2030-01-01T00:05:00.000Z',
    });
  });
  api.on(storageRoute, () => new Response(null, { status: 204 }));
  api.on(attachmentsRoute(caseId), (init) => {
    const { uploadId } = jsonOf({ init }) as { uploadId: string };
    return json({
      id: `attachment-${uploadId}`,
      filename: `1732190000000-${uploadId}`,
      originalName: uploadId,
      type: 'medical_record',
      size: 10,
      url: null,
      createdAt: '2030-01-01T00:00:00.000Z',
    });
  });
}

/** Moves fake time and lets promises, React and TanStack Query settle. */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Settles pending promises a few rounds without moving the clock much. */
export async function settle(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await advance(0);
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
