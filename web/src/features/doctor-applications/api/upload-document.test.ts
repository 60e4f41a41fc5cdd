import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmApplicationDocument,
  uploadApplicationDocument as uploadRoute,
} from '@shared/doctor-applications/contracts';
import {
  answer,
  json,
  mockApi,
  networkError,
  offContract,
  type Answer,
} from '@web/testing/api-mock';
import { uploadApplicationDocument, uploadDocumentUrl } from './upload-document';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STORAGE_URL = 'https://uploads.example/bucket';
const grant = () =>
  json(
    {
      uploadId: 'up-1',
      url: STORAGE_URL,
      fields: { key: 'pending/applications/1/up-1', 'Content-Type': 'application/pdf' },
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
    201,
  );
const document = {
  id: 'att-1',
  filename: '1-license.pdf',
  originalName: 'license.pdf',
  type: 'medical_license',
  size: 8,
  url: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};

function api(overrides: { upload?: Answer; storage?: Answer; confirm?: Answer } = {}) {
  return mockApi({
    [`POST ${uploadRoute.path}`]: overrides.upload ?? grant,
    [`POST ${STORAGE_URL}`]: overrides.storage ?? (() => new Response(null, { status: 204 })),
    [`POST ${confirmApplicationDocument.path}`]: overrides.confirm ?? (() => json(document, 201)),
  });
}

describe('uploadApplicationDocument', () => {
  it('asks for a presigned POST, sends the file to storage, then confirms it', async () => {
    const mock = api();
    const file = new File(['%PDF-1.7'], 'license.pdf', { type: 'application/pdf' });

    await expect(uploadApplicationDocument('K7QF-29XM', 'medical_license', file)).resolves.toEqual(
      document,
    );
    expect(mock.calls().map((call) => call.route)).toEqual([
      'POST /api/doctor-applications/K7QF-29XM/upload',
      `POST ${STORAGE_URL}`,
      'POST /api/doctor-applications/K7QF-29XM/documents',
    ]);
    const [ask, store, confirm] = mock.calls();
    expect(ask!.body).toEqual({
      type: 'medical_license',
      filename: 'license.pdf',
      contentType: 'application/pdf',
      size: 8,
    });
    expect(ask!.init.credentials).toBe('include');
    const form = store!.init.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'file']);
    expect((form.get('file') as File).name).toBe('license.pdf');
    expect(store!.init.credentials).toBe('omit');
    expect(confirm!.body).toEqual({ uploadId: 'up-1' });
  });

  it('declares an unlabelled file by its extension', async () => {
    const mock = api();
    await uploadApplicationDocument('1', 'cv', new File(['x'], 'cv.JPG', { type: '' }));
    expect(mock.jsonBody(`POST ${uploadRoute.path}`)).toMatchObject({
      filename: 'cv.JPG',
      contentType: 'image/jpeg',
    });
  });

  it('encodes the application id into the URL', () => {
    expect(uploadDocumentUrl('A/B')).toBe('/api/doctor-applications/A%2FB/upload');
  });

  it.each<[string, Parameters<typeof api>[0], string]>([
    [
      "the server's refusal of the declared file",
      { upload: () => answer({ message: 'Please upload PDF, JPG, or PNG files only.' }, 422) },
      'Please upload PDF, JPG, or PNG files only.',
    ],
    [
      "the server's refusal of the stored bytes",
      { confirm: () => answer({ message: 'Please upload PDF, JPG, or PNG files only.' }, 422) },
      'Please upload PDF, JPG, or PNG files only.',
    ],
    [
      "storage's own message",
      {
        storage: () =>
          new Response('<Error><Message>Request has expired</Message></Error>', { status: 403 }),
      },
      'Request has expired',
    ],
    [
      'the fallback for a body without a message',
      // A gateway's page, not the route's error envelope.
      { upload: () => offContract(answer('<html>Bad gateway</html>', 502)) },
      'Failed to upload identification',
    ],
    [
      'the fallback when the network fails',
      { upload: networkError },
      'Failed to upload identification',
    ],
  ])('rejects with %s', async (_case, overrides, message) => {
    api(overrides);
    await expect(
      uploadApplicationDocument(
        '1',
        'identification',
        new File(['x'], 'id.png', { type: 'image/png' }),
      ),
    ).rejects.toThrow(message);
  });
});
