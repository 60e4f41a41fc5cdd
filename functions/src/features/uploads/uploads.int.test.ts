import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCaseId, patientHeaders, postJson } from '#local/testing/patient-journey';
import { useTestStack } from '#local/testing/stack-context';
import { getCaseBundle } from '#db/cases/bundle';
import { reservePendingUpload } from '#db/pending-uploads';
import { pathOf } from '@shared/http/contract';
import * as uploadContracts from '@shared/uploads/contracts';
import { ftypHeader } from '@shared/uploads/image-fixtures';
import { uploadRules } from './rules';
import {
  PENDING_PREFIX,
  pendingCaseObjectKey,
  presignDownload,
  readObjectHead,
  storedObjectSize,
} from './storage';
import { postToStorage } from '#local/testing/storage-upload';

const stack = useTestStack();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const SCRIPT = Buffer.from('#!/bin/sh\necho replaced\n');

interface Grant {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

async function presign(
  caseId: string,
  name = 'rash.png',
  contentType = 'image/png',
  size = PNG.length,
) {
  return postJson(
    stack,
    pathOf(uploadContracts.createCaseUpload, { caseId }),
    { kind: 'image', filename: name, contentType, size },
    patientHeaders(caseId),
  );
}

async function grantFor(
  caseId: string,
  name?: string,
  contentType?: string,
  size?: number,
): Promise<Grant> {
  const response = await presign(caseId, name, contentType, size);
  expect(response.status).toBe(201);
  return (await response.json()) as Grant;
}

/** The browser's part: POST the bytes with the presigned fields (s3rver checks no policy). */
async function put(grant: Grant, bytes: Buffer, name = 'rash.png', type = 'image/png') {
  const stored = await postToStorage(grant, new Blob([new Uint8Array(bytes)], { type }), name);
  expect(stored.status).toBeLessThan(300);
}

function confirm(caseId: string, uploadId: string) {
  return postJson(
    stack,
    pathOf(uploadContracts.confirmCaseUpload, { caseId }),
    { uploadId },
    patientHeaders(caseId),
  );
}

async function images(caseId: string) {
  const bundle = await getCaseBundle(caseId);
  return (bundle?.attachments ?? []).filter((attachment) => attachment.kind === 'image');
}

describe('uploads stay what was verified', () => {
  it('uploads under the pending prefix and keeps a verified copy at the final key', async () => {
    const caseId = await newCaseId(stack);
    const grant = await grantFor(caseId);
    expect(grant.fields.key).toBe(pendingCaseObjectKey(caseId, grant.uploadId));
    expect(grant.fields.key!.startsWith(PENDING_PREFIX)).toBe(true);
    await put(grant, PNG);
    expect((await confirm(caseId, grant.uploadId)).status).toBe(201);

    // The browser still holds a valid presigned POST: it replaces the pending object...
    await put(grant, SCRIPT);
    // ...but the attachment names the copy made and checked at confirmation (s3rver CopyObject).
    const [attachment] = await images(caseId);
    expect(attachment?.s3Key).toBe(`cases/${caseId}/${grant.uploadId}`);
    const kept = await readObjectHead(attachment!.s3Key);
    expect(kept.equals(PNG)).toBe(true);
    // A second confirmation of the same upload attaches nothing new.
    expect((await confirm(caseId, grant.uploadId)).status).toBe(404);
    expect(await images(caseId)).toHaveLength(1);
  });

  it('removes the pending and the copied object of a refused file', async () => {
    const caseId = await newCaseId(stack);
    const grant = await grantFor(caseId, 'fake.png');
    await put(grant, SCRIPT);
    expect((await confirm(caseId, grant.uploadId)).status).toBe(422);
    expect(await storedObjectSize(grant.fields.key!)).toBeNull();
    expect(await storedObjectSize(`cases/${caseId}/${grant.uploadId}`)).toBeNull();
    expect(await images(caseId)).toEqual([]);
  });
});

describe('phone images (spec doc 1 §5: HEIC/HEIF included, checked by content)', () => {
  const HEIC = Buffer.from(ftypHeader('heic', ['mif1', 'heic']));

  it('attaches an iPhone HEIC sent through storage, checked after upload', async () => {
    const caseId = await newCaseId(stack);
    const grant = await grantFor(caseId, 'IMG_0001.HEIC', 'image/heic', HEIC.length);
    await put(grant, HEIC, 'IMG_0001.HEIC', 'image/heic');
    expect((await confirm(caseId, grant.uploadId)).status).toBe(201);
    const [attachment] = await images(caseId);
    expect(attachment).toMatchObject({ originalName: 'IMG_0001.HEIC', contentType: 'image/heic' });
    expect((await readObjectHead(attachment!.s3Key)).equals(HEIC)).toBe(true);
  });

  it('refuses a PNG stored as HEIC with the spec text, and attaches nothing', async () => {
    const caseId = await newCaseId(stack);
    const grant = await grantFor(caseId, 'fake.heic', 'image/heic', PNG.length);
    await put(grant, PNG, 'fake.heic', 'image/heic');
    const refused = await confirm(caseId, grant.uploadId);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      message: 'fake.heic must be an image under 5MB',
    });
    expect(await images(caseId)).toEqual([]);
  });
});

describe('the per-case file limit holds under concurrency', () => {
  const limit = uploadRules.image.maxCount;

  it(`lets 12 parallel create+confirm of one case attach at most ${limit} images`, async () => {
    const caseId = await newCaseId(stack);
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const response = await presign(caseId, `p${index}.png`);
        if (response.status !== 201) return { presign: response.status, confirm: null };
        const grant = (await response.json()) as Grant;
        await put(grant, PNG);
        // Each upload is confirmed twice at once, as a retrying browser might.
        const confirms = await Promise.all([
          confirm(caseId, grant.uploadId),
          confirm(caseId, grant.uploadId),
        ]);
        return { presign: 201, confirm: confirms.map((answer) => answer.status).sort() };
      }),
    );
    const granted = results.filter((result) => result.presign === 201);
    expect(granted).toHaveLength(limit);
    expect(results.filter((result) => result.presign === 409)).toHaveLength(12 - limit);
    for (const result of granted) expect(result.confirm?.[0]).toBe(201);
    expect(await images(caseId)).toHaveLength(limit);
  });

  it('counts unconfirmed uploads, and gives the slot of a refused one back', async () => {
    const caseId = await newCaseId(stack);
    const grants = [];
    for (let index = 0; index < limit; index += 1) grants.push(await grantFor(caseId));
    const over = await presign(caseId);
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ message: 'Maximum 3 images allowed' });

    await put(grants[0]!, SCRIPT);
    expect((await confirm(caseId, grants[0]!.uploadId)).status).toBe(422);
    const again = await grantFor(caseId);
    await put(again, PNG);
    expect((await confirm(caseId, again.uploadId)).status).toBe(201);
    expect((await presign(caseId)).status).toBe(409);
  });

  it('gives back the slots of uploads nobody confirmed in time', async () => {
    const caseId = await newCaseId(stack);
    const longAgo = new Date(Date.now() - 20 * 60 * 1000);
    for (let index = 0; index < limit; index += 1) {
      const uploadId = randomUUID();
      const reserved = await reservePendingUpload(
        {
          uploadId,
          caseId,
          kind: 'image',
          s3Key: pendingCaseObjectKey(caseId, uploadId),
          originalName: 'old.png',
          filename: 'old.png',
          contentType: 'image/png',
          createdAt: longAgo.toISOString(),
        },
        limit,
      );
      expect(reserved).toBe(true);
    }
    const grant = await grantFor(caseId);
    await put(grant, PNG);
    expect((await confirm(caseId, grant.uploadId)).status).toBe(201);
    expect(await images(caseId)).toHaveLength(1);
  });
});

describe('download links', () => {
  it('serve a file the viewer cannot preview as an attachment with its UTF-8 name', async () => {
    const caseId = await newCaseId(stack);
    const grant = await grantFor(caseId);
    await put(grant, PNG);
    expect((await confirm(caseId, grant.uploadId)).status).toBe(201);
    const [attachment] = await images(caseId);

    const saved = await fetch(
      await presignDownload(attachment!.s3Key, 'Befund Müller.docx', 'application/msword'),
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-disposition')).toBe(
      `attachment; filename="Befund Muller.docx"; filename*=UTF-8''Befund%20M%C3%BCller.docx`,
    );
    const shown = await fetch(await presignDownload(attachment!.s3Key, 'rash.png', 'image/png'));
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="rash.png"/);
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
