import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createCaseA,
  createPatientB,
  hasPatientKey,
  newCaseId,
  newPatientB,
  patientFetch,
  patientHeaders,
  postJson,
} from '#local/testing/patient-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { caseStatusResponseSchema } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import * as configContracts from '@shared/config/contracts';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import { PATIENT_KEY_PATTERN, PATIENT_KEY_REQUIRED } from '@shared/patients/patient-key';
import type { CreatePatientResponse } from '@shared/patients/request';
import * as uploadContracts from '@shared/uploads/contracts';
import { postToStorage } from '#local/testing/storage-upload';

const stack = useTestStack();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A PCM WAV header (16 kHz mono 16-bit) announcing `seconds` of audio, plus a few samples. */
function wav(seconds: number): Uint8Array<ArrayBuffer> {
  const byteRate = 16_000 * 2;
  const dataSize = Math.round(seconds * byteRate);
  const header = Buffer.alloc(44 + 64);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(byteRate, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataSize, 40);
  return new Uint8Array(header);
}

const validPatient = {
  name: 'Kofi Mensah',
  contactInfo: 'kofi@example.org',
  symptoms: 'Fever with chills for two days',
  history: 'Malaria last year',
  requestType: 'telemedicine',
  location: '',
  medicalFiles: [],
};

describe('POST /api/cases (reading A)', () => {
  it('opens a case awaiting payment', async () => {
    const response = await createCaseA(stack);
    expect(response.status).toBe(201);
    const { caseId } = (await response.json()) as { caseId: string };
    const status = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));
    // Every field the schema names, no other (strict), and nothing known yet beyond the request.
    const {
      caseId: answeredId,
      status: answeredStatus,
      requestType,
      ...progress
    } = caseStatusResponseSchema.strict().parse(await status.json());
    expect([answeredId, answeredStatus, requestType]).toEqual([
      caseId,
      'awaiting_payment',
      'telemedicine',
    ]);
    // No payment, meeting, doctor, money, visit or wait promise yet.
    expect(Object.entries(progress).filter(([, value]) => value !== null)).toEqual([]);
  });

  it.each([
    [{ triageSummary: 'Cough', email: 'a@b.co' }, 'Name is required'],
    [{ name: 'A', email: 'a@b.co' }, 'Please describe your symptoms'],
    [{ name: 'A', triageSummary: 'Cough' }, 'Either phone or email is required'],
    [
      { name: 'A', triageSummary: 'Cough', email: 'not-an-email' },
      'Please enter a valid email address',
    ],
    [
      { name: 'A', triageSummary: 'x'.repeat(2001), phone: '555' },
      'Please keep the description under 2000 characters',
    ],
  ])('refuses %j with %j', async (fields, message) => {
    const response = await createCaseA(stack, fields);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it('stores small inline files after checking their bytes, and refuses a forged one whole', async () => {
    const ok = await createCaseA(stack, { name: 'A', triageSummary: 'Rash', phone: '5551234567' }, [
      { field: 'images', name: 'rash.png', type: 'image/png', bytes: new Uint8Array(PNG) },
      { field: 'voice', name: 'note.wav', type: 'audio/wav', bytes: wav(30) },
    ]);
    expect(ok.status).toBe(201);
    const forged = await createCaseA(
      stack,
      { name: 'A', triageSummary: 'Rash', phone: '5551234567' },
      [
        {
          field: 'images',
          name: 'evil.png',
          type: 'image/png',
          bytes: new TextEncoder().encode('<script>'),
        },
      ],
    );
    expect(forged.status).toBe(422);
    expect(await forged.json()).toEqual({ message: 'evil.png must be an image under 5MB' });
  });

  it('refuses a JSON body (the route takes multipart) with 415', async () => {
    const response = await postJson(stack, pathOf(caseContracts.createCase, {}), { name: 'A' });
    expect(response.status).toBe(415);
  });
});

describe('POST /api/patients (reading B)', () => {
  it('creates the patient and the case, visible to the verification and video pages', async () => {
    const response = await createPatientB(stack, {
      ...validPatient,
      metadata: {
        urgencyLevel: 'urgent',
        confidence: 0.7,
        analysisTimestamp: new Date().toISOString(),
      },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatePatientResponse;
    expect(created.success).toBe(true);
    expect(created.patientKey).toMatch(PATIENT_KEY_PATTERN);
    const verificationPath = pathOf(patientContracts.getPaymentVerification, {
      patientId: created.patientId,
    });
    // Without the patient's key the patient id gives the status, never the patient's name.
    const anonymous = await appFetch(stack, verificationPath);
    expect(await anonymous.json()).toMatchObject({ paymentVerified: false, patientName: null });
    const verification = await patientFetch(stack, created.patientId, verificationPath);
    expect(await verification.json()).toEqual({
      paymentVerified: false,
      meetingCreated: false,
      providerAssigned: false,
      patientName: 'Kofi Mensah',
      requestType: 'telemedicine',
      caseId: created.caseId,
      money: null,
    });
    const access = await patientFetch(
      stack,
      created.patientId,
      pathOf(patientContracts.getVideoAccess, { patientId: created.patientId }),
    );
    expect(await access.json()).toEqual({
      isPaid: false,
      accessGranted: false,
      paymentStatus: 'pending',
      paymentId: null,
      meetingInfo: null,
      caseId: created.caseId,
      caseStatus: 'awaiting_payment',
      refund: null,
      money: null,
    });
  });

  it.each([
    [
      { ...validPatient, requestType: 'nurse-visit' },
      'Please enter your home address for the nurse visit',
    ],
    [{ ...validPatient, requestType: 'surgery' }, 'Please choose a type of care'],
    [{ ...validPatient, symptoms: '' }, 'Please describe your symptoms'],
    [{ ...validPatient, name: 42 }, 'Name is required'],
    [{ ...validPatient, history: 'x'.repeat(1024 * 1024) }, 'Request body is too large'],
    ['not json', 'Request body is not valid JSON'],
  ])('refuses bad input %#', async (body, message) => {
    const response = await postJson(stack, pathOf(patientContracts.createPatient, {}), body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it.each([
    [pathOf(patientContracts.getPaymentVerification, { patientId: 'not-a-uuid' }), 400],
    [pathOf(patientContracts.getPaymentVerification, { patientId: randomUUID() }), 404],
    [pathOf(patientContracts.getVideoAccess, { patientId: randomUUID() }), 404],
    [pathOf(caseContracts.getCaseStatus, { caseId: 'not-a-uuid' }), 400],
    [pathOf(caseContracts.getCaseStatus, { caseId: randomUUID() }), 404],
  ])('GET %s → %i with a message', async (path, status) => {
    const response = await appFetch(stack, path);
    expect(response.status).toBe(status);
    // Any non-blank message: an empty or missing one would leave the page with nothing to show.
    expect(((await response.json()) as { message: unknown }).message).toMatch(/\S/);
  });

  it('refuses meeting access for a meeting the patient does not have', async () => {
    const created = await newPatientB(stack, validPatient);
    const path = pathOf(patientContracts.recordMeetingAccess, { patientId: created.patientId });
    const access = { meetingId: randomUUID(), accessTime: new Date().toISOString() };
    // Only the patient records it: without the key, 403 before anything else is told.
    const anonymous = await postJson(stack, path, access);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ message: PATIENT_KEY_REQUIRED });
    const response = await postJson(stack, path, access, patientHeaders(created.patientId));
    expect(response.status).toBe(404);
    const badTime = await postJson(
      stack,
      pathOf(patientContracts.recordMeetingAccess, { patientId: created.patientId }),
      {
        meetingId: 'm',
        accessTime: 'yesterday',
      },
    );
    expect(badTime.status).toBe(400);
  });
});

describe('presigned uploads', () => {
  /** Patient calls: the case's key when this worker created it, else none (an unknown case). */
  const keyOf = (caseId: string) => (hasPatientKey(caseId) ? patientHeaders(caseId) : {});

  async function presign(caseId: string, body: Record<string, unknown>) {
    return postJson(
      stack,
      pathOf(uploadContracts.createCaseUpload, { caseId }),
      body,
      keyOf(caseId),
    );
  }

  async function upload(
    caseId: string,
    kind: string,
    name: string,
    type: string,
    bytes: Uint8Array<ArrayBuffer>,
  ) {
    const response = await presign(caseId, {
      kind,
      filename: name,
      contentType: type,
      size: bytes.length,
    });
    expect(response.status).toBe(201);
    const grant = (await response.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    const stored = await postToStorage(grant, new Blob([bytes], { type }), name);
    expect(stored.status).toBeLessThan(300);
    return postJson(
      stack,
      pathOf(uploadContracts.confirmCaseUpload, { caseId }),
      { uploadId: grant.uploadId },
      keyOf(caseId),
    );
  }

  it('turns a verified upload into an attachment', async () => {
    const caseId = await newCaseId(stack);
    const confirmed = await upload(caseId, 'image', 'rash.png', 'image/png', new Uint8Array(PNG));
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({
      originalName: 'rash.png',
      type: 'medical_record',
      size: PNG.length,
    });
  });

  it('never turns a forged type or an oversized file into an attachment', async () => {
    const caseId = await newCaseId(stack);
    const forged = await upload(
      caseId,
      'image',
      'x.png',
      'image/png',
      new Uint8Array(Buffer.from('#!/bin/sh\n')),
    );
    expect(forged.status).toBe(422);
    // s3rver does not enforce the POST policy's size range: the server's check must.
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const presigned = await presign(caseId, {
      kind: 'image',
      filename: 'big.png',
      contentType: 'image/png',
      size: 100,
    });
    const grant = (await presigned.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    await postToStorage(grant, new Blob([big], { type: 'image/png' }), 'big.png');
    const oversized = await postJson(
      stack,
      pathOf(uploadContracts.confirmCaseUpload, { caseId }),
      { uploadId: grant.uploadId },
      keyOf(caseId),
    );
    expect(oversized.status).toBe(422);
    expect(await oversized.json()).toEqual({ message: 'big.png must be an image under 5MB' });
    const tooLong = await upload(caseId, 'voice', 'long.wav', 'audio/wav', wav(125));
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toEqual({
      message: 'Voice notes can be at most 120 seconds long',
    });
  });

  it('refuses before upload: wrong type, too large, a fourth image', async () => {
    const caseId = await newCaseId(stack);
    const exe = await presign(caseId, {
      kind: 'attachment',
      filename: 'x.exe',
      contentType: 'application/x-msdownload',
      size: 10,
    });
    expect(await exe.json()).toEqual({
      message: 'x.exe is not a supported file type. Please upload images, PDFs, or documents.',
    });
    const huge = await presign(caseId, {
      kind: 'attachment',
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      size: 11 * 1024 * 1024,
    });
    expect(await huge.json()).toEqual({
      message: 'scan.pdf is larger than 10MB. Please choose a smaller file.',
    });
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await upload(caseId, 'image', `p${index}.png`, 'image/png', new Uint8Array(PNG))).status,
      ).toBe(201);
    }
    const fourth = await presign(caseId, {
      kind: 'image',
      filename: 'p4.png',
      contentType: 'image/png',
      size: 12,
    });
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual({ message: 'Maximum 3 images allowed' });
  });

  it('answers unknown uploads and cases with 404', async () => {
    const caseId = await newCaseId(stack);
    const unknownUpload = await postJson(
      stack,
      pathOf(uploadContracts.confirmCaseUpload, { caseId }),
      { uploadId: 'nope' },
      keyOf(caseId),
    );
    expect(unknownUpload.status).toBe(404);
    const unknownCase = await presign(randomUUID(), {
      kind: 'image',
      filename: 'a.png',
      contentType: 'image/png',
      size: 5,
    });
    expect(unknownCase.status).toBe(404);
  });
});

describe('GET /api/config', () => {
  it('tells the browser where Stripe.js is and which publishable key to use', async () => {
    const response = await appFetch(stack, pathOf(configContracts.getClientConfig, {}));
    const config = (await response.json()) as Record<string, string>;
    expect(config).toEqual({
      stripePublishableKey: 'pk_test_local',
      stripeJsUrl: `${stack.stripeUrl}/v3/stripe.js`,
      supportEmail: 'support@telehealth.local',
      // The test stack leaves TRIAGE_REGION at its default (e2e/triage-region sets it).
      triageRegion: 'default',
      waitPromiseMinutes: 30,
    });
    const script = await fetch(config.stripeJsUrl!);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('initEmbeddedCheckout');
  });
});
