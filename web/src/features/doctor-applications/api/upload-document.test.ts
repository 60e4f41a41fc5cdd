import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@web/testing/api-mock';
import { uploadApplicationDocument, uploadDocumentUrl } from './upload-document';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadApplicationDocument', () => {
  it('POSTs type then file as multipart with cookies, without a JSON content type', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer({ id: 'att-1' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['%PDF-1.7'], 'license.pdf', { type: 'application/pdf' });

    await expect(uploadApplicationDocument('K7QF-29XM', 'medical_license', file)).resolves.toEqual({
      id: 'att-1',
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/doctor-applications/K7QF-29XM/upload');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).not.toHaveProperty('Content-Type');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(['type', 'file']);
    expect(body.get('type')).toBe('medical_license');
    expect((body.get('file') as File).name).toBe('license.pdf');
  });

  it('labels an unlabelled file by its extension', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer({ id: 'att-1' }, 201));
    vi.stubGlobal('fetch', fetchMock);

    await uploadApplicationDocument('1', 'cv', new File(['x'], 'cv.JPG', { type: '' }));
    const body = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as FormData;
    const sent = body.get('file') as File;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('cv.JPG');
  });

  it('encodes the application id into the URL', () => {
    expect(uploadDocumentUrl('A/B')).toBe('/api/doctor-applications/A%2FB/upload');
  });

  it.each([
    [
      'the server message',
      answer({ message: 'Please upload PDF, JPG, or PNG files only.' }, 422),
      'Please upload PDF, JPG, or PNG files only.',
    ],
    [
      'the fallback for a body without a message',
      answer('<html>Bad gateway</html>', 502),
      'Failed to upload identification',
    ],
  ])('rejects with %s', async (_case, res, message) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(res));
    await expect(
      uploadApplicationDocument(
        '1',
        'identification',
        new File(['x'], 'id.png', { type: 'image/png' }),
      ),
    ).rejects.toThrow(message);
  });

  it('rejects with the fallback when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(
      uploadApplicationDocument('1', 'cv', new File(['x'], 'cv.pdf', { type: 'application/pdf' })),
    ).rejects.toThrow('Failed to upload cv');
  });
});
