import { describe, expect, it } from 'vitest';
import { uploadDocument } from '#local/testing/document-upload';
import { postJson } from '#local/testing/patient-journey';
import { apply } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { listApplicationDocuments } from '#db/application-documents';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { PENDING_PREFIX, readObjectHead } from '../uploads/storage';
import { MAX_DOCUMENTS } from './documents';
import { postToStorage } from '#local/testing/storage-upload';

const stack = useTestStack();
const PDF = '%PDF-1.4 licence';

function ask(applicationId: string, body: Record<string, unknown>) {
  return postJson(
    stack,
    pathOf(applicationContracts.uploadApplicationDocument, { applicationId }),
    body,
  );
}

describe('doctor documents through presigned uploads', () => {
  it('uploads under pending/ and keeps the verified copy, whatever is uploaded afterwards', async () => {
    const { applicationId } = await apply(stack);
    const asked = await ask(applicationId, {
      type: 'medical_license',
      filename: 'Zulassung Ärztin.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(asked.status).toBe(201);
    const grant = (await asked.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    expect(grant.fields.key).toBe(
      `${PENDING_PREFIX}applications/${applicationId}/${grant.uploadId}`,
    );
    const send = async (bytes: string) => {
      expect(
        (await postToStorage(grant, new Blob([bytes], { type: 'application/pdf' }), 'x.pdf'))
          .status,
      ).toBeLessThan(300);
    };
    await send(PDF);
    const confirm = () =>
      postJson(stack, pathOf(applicationContracts.confirmApplicationDocument, { applicationId }), {
        uploadId: grant.uploadId,
      });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({
      originalName: 'Zulassung Ärztin.pdf',
      type: 'medical_license',
      size: PDF.length,
    });
    await send('MZ not a pdf at all');
    expect((await confirm()).status).toBe(404);

    const [document] = await listApplicationDocuments(applicationId);
    expect(document?.s3Key).toBe(`applications/${applicationId}/${grant.uploadId}`);
    expect((await readObjectHead(document!.s3Key)).toString('latin1')).toBe(PDF);
  });

  it('refuses before upload: a wrong type, a file over 5 MB, an unknown document type', async () => {
    const { applicationId } = await apply(stack);
    const file = { type: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', size: 10 };
    const exe = await ask(applicationId, { ...file, contentType: 'application/x-msdownload' });
    expect(exe.status).toBe(422);
    expect(await exe.json()).toEqual({ message: 'Please upload PDF, JPG, or PNG files only.' });
    const big = await ask(applicationId, { ...file, size: 5 * 1024 * 1024 + 1 });
    expect(big.status).toBe(422);
    expect(await big.json()).toEqual({ message: 'Please upload files smaller than 5MB.' });
    expect((await ask(applicationId, { ...file, type: 'selfie' })).status).toBe(400);
  });

  it('refuses stored bytes over 5 MB that were declared small (storage may not enforce the policy)', async () => {
    const { applicationId } = await apply(stack);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(Buffer.from(PDF));
    // The helper declares the real size; declare it small as a lying client would.
    const asked = await ask(applicationId, {
      type: 'cv',
      filename: 'cv.pdf',
      contentType: 'application/pdf',
      size: 100,
    });
    const grant = (await asked.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    await postToStorage(grant, new Blob([big], { type: 'application/pdf' }), 'cv.pdf');
    const confirmed = await postJson(
      stack,
      pathOf(applicationContracts.confirmApplicationDocument, { applicationId }),
      { uploadId: grant.uploadId },
    );
    expect(confirmed.status).toBe(422);
    expect(await confirmed.json()).toEqual({ message: 'Please upload files smaller than 5MB.' });
    expect(await listApplicationDocuments(applicationId)).toEqual([]);
  });

  it(`keeps at most ${MAX_DOCUMENTS} documents when ${MAX_DOCUMENTS + 4} arrive in parallel`, async () => {
    const { applicationId } = await apply(stack);
    const answers = await Promise.all(
      Array.from({ length: MAX_DOCUMENTS + 4 }, (_, index) =>
        uploadDocument(stack, applicationId, {
          name: `doc-${index}.pdf`,
          contentType: 'application/pdf',
          bytes: PDF,
          type: 'board_certifications',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_DOCUMENTS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(await listApplicationDocuments(applicationId)).toHaveLength(MAX_DOCUMENTS);
  });
});
