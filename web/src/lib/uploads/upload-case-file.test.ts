// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@web/testing/api-mock';
import { fakeFile } from '@web/testing/dom';
import { CASE_ID } from '@web/testing/fixtures';
import {
  answerUploads,
  attachmentsRoute,
  STORAGE_URL,
  storageRoute,
  uploadsRoute,
} from '@web/testing/uploads';
import { uploadCaseFile, uploadErrorMessage } from './upload-case-file';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadCaseFile', () => {
  it('presigns, posts the fields then the file to storage, then confirms', async () => {
    const api = mockApi();
    answerUploads(api);
    const stages: string[] = [];
    const file = fakeFile('voice-note.wav', 'audio/wav', 4096);

    const attachment = await uploadCaseFile(CASE_ID, file, 'voice', 42.5, {
      onStage: (stage) => stages.push(stage),
    });

    expect(api.calls().map((call) => call.route)).toEqual([
      uploadsRoute(),
      storageRoute,
      attachmentsRoute(),
    ]);
    expect(stages).toEqual(['requesting', 'uploading', 'confirming']);
    expect(api.jsonBody(uploadsRoute())).toEqual({
      kind: 'voice',
      filename: 'voice-note.wav',
      contentType: 'audio/wav',
      size: 4096,
      durationSeconds: 42.5,
    });
    const presign = api.calls(uploadsRoute())[0]!.init;
    expect(presign.credentials).toBe('include');

    const storage = api.calls(storageRoute)[0]!.init;
    expect(storage.credentials).toBe('omit');
    const form = storage.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('Content-Type')).toBe('audio/wav');
    expect((form.get('file') as File).name).toBe('voice-note.wav');

    expect(api.jsonBody(attachmentsRoute())).toEqual({ uploadId: 'upload-1' });
    expect(attachment.id).toBe('attachment-upload-1');
  });

  it('leaves durationSeconds out for other kinds', async () => {
    const api = mockApi();
    answerUploads(api);
    await uploadCaseFile(CASE_ID, fakeFile('a.pdf', 'application/pdf'), 'attachment');
    expect(api.jsonBody(uploadsRoute())).toEqual({
      kind: 'attachment',
      filename: 'a.pdf',
      contentType: 'application/pdf',
      size: 1024,
    });
  });

  it("reports the server's message when the presign is refused", async () => {
    mockApi({
      [uploadsRoute()]: () => json({ message: 'Maximum 3 images allowed' }, 409),
    });
    const error = await uploadCaseFile(CASE_ID, fakeFile('a.png', 'image/png'), 'image').catch(
      (caught: unknown) => caught,
    );
    expect(uploadErrorMessage(error)).toBe('Maximum 3 images allowed');
  });

  it("reports storage's XML message", async () => {
    const api = mockApi();
    answerUploads(api);
    api.on(
      `POST ${STORAGE_URL}`,
      () =>
        new Response(
          '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
          { status: 400 },
        ),
    );
    const error = await uploadCaseFile(CASE_ID, fakeFile('a.png', 'image/png'), 'image').catch(
      (caught: unknown) => caught,
    );
    expect(uploadErrorMessage(error)).toBe('Your proposed upload exceeds the maximum allowed size');
    expect(api.calls(attachmentsRoute())).toHaveLength(0);
  });

  it('falls back to a generic message', () => {
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Upload failed. Please try again.',
    );
  });
});
