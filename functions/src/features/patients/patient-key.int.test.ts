import { beforeAll, describe, expect, it } from 'vitest';
import { claimCase, joinLinks } from '#local/testing/consultation-journey';
import {
  newPaidPatientB,
  newPatientB,
  patientHeaders,
  patientKeyOf,
  postJson,
} from '#local/testing/patient-journey';
import { adminToken, signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { parseJoinLink, roomSession } from '#local/testing/room-socket';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { postToStorage } from '#local/testing/storage-upload';
import { storeCaseStatus } from '#db/testing';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import { joinRoom } from '@shared/meetings/contracts';
import type { PaymentVerificationResponse, VideoAccessResponse } from '@shared/patients/api';
import * as patientContracts from '@shared/patients/contracts';
import { PATIENT_KEY_REQUIRED } from '@shared/patients/patient-key';
import * as uploadContracts from '@shared/uploads/contracts';

/**
 * Issue 25 items 1 and 3 (docs/adr/0012): the patient's key, not the case id, is the patient's
 * capability. Another provider (not the claimer) and an admin hold the case id (the All list,
 * alerts, the admin list); with it they get the status, never the patient's join link, room token
 * or name, and they cannot enter the room as the patient, rate the consultation or attach files.
 * The patient's browser, which holds the key, can.
 */

const stack = useTestStack();

/** Someone holding a case id: what they send besides it. */
interface Caller {
  name: string;
  headers: () => Promise<Record<string, string>>;
}

let doctor: SignedInProvider;
let otherDoctor: SignedInProvider;
let callers: Caller[];

beforeAll(async () => {
  [doctor, otherDoctor] = await Promise.all([signInProvider(stack), signInProvider(stack)]);
  const token = await adminToken(stack);
  callers = [
    { name: 'another provider', headers: () => Promise.resolve({ cookie: otherDoctor.cookie }) },
    // The claiming doctor too: a provider's session never counts as the patient.
    { name: 'the claiming doctor', headers: () => Promise.resolve({ cookie: doctor.cookie }) },
    { name: 'an admin', headers: () => Promise.resolve({ authorization: `Bearer ${token}` }) },
    { name: 'anyone with the id', headers: () => Promise.resolve({}) },
  ];
}, 60_000);

async function callAs(
  caller: Caller | Record<string, string>,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers = new Headers('name' in caller ? await (caller as Caller).headers() : caller);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return appFetch(stack, path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ message: PATIENT_KEY_REQUIRED });
}

/** A reading B patient, paid, whose case the doctor claimed: it has a meeting and join links. */
async function claimedPatient() {
  const created = await newPaidPatientB(stack);
  await claimCase(stack, doctor, created.caseId);
  return created;
}

describe('the patient key (docs/adr/0012)', () => {
  it('is the only way to the join link, the room token and the name in the status answers', async () => {
    const { caseId, patientId } = await claimedPatient();
    const statusPath = pathOf(caseContracts.getCaseStatus, { caseId });
    const accessPath = pathOf(patientContracts.getVideoAccess, { patientId });
    const verificationPath = pathOf(patientContracts.getPaymentVerification, { patientId });
    for (const caller of callers) {
      const status = (await (await callAs(caller, statusPath)).json()) as CaseStatusResponse;
      expect(status.status, caller.name).toBe('claimed');
      expect(status.meeting?.patientJoinUrl, caller.name).toBeNull();
      const access = (await (await callAs(caller, accessPath)).json()) as VideoAccessResponse;
      expect(access.accessGranted, caller.name).toBe(true);
      expect(access.meetingInfo?.meetingUrl, caller.name).toBeNull();
      const verification = (await (
        await callAs(caller, verificationPath)
      ).json()) as PaymentVerificationResponse;
      expect(verification.paymentVerified, caller.name).toBe(true);
      expect(verification.patientName, caller.name).toBeNull();
      expect(JSON.stringify([status, access, verification]), caller.name).not.toMatch(
        /token=|Kofi/,
      );
    }
    const patient = patientHeaders(caseId);
    const status = (await (await callAs(patient, statusPath)).json()) as CaseStatusResponse;
    expect(status.meeting?.patientJoinUrl).toMatch(/\/room\/.+\?role=patient#token=/);
    const access = (await (await callAs(patient, accessPath)).json()) as VideoAccessResponse;
    expect(access.meetingInfo?.meetingUrl).toBe(status.meeting?.patientJoinUrl);
    const verification = (await (
      await callAs(patient, verificationPath)
    ).json()) as PaymentVerificationResponse;
    expect(verification.patientName).toBe('Kofi Mensah');
  });

  it("is needed to enter the room as the patient, even with the patient's token", async () => {
    const { caseId } = await claimedPatient();
    const { meetingId, token } = parseJoinLink(
      (await joinLinks(stack, doctor, caseId)).patientJoinUrl,
    );
    const other = await newPatientB(stack);
    const refusals = [
      // No key, a provider's session, another patient's key, an admin's token.
      await roomSession(stack, meetingId, 'patient', token, undefined, null),
      await roomSession(stack, meetingId, 'patient', token, otherDoctor.cookie, null),
      await roomSession(stack, meetingId, 'patient', token, doctor.cookie, null),
      await roomSession(stack, meetingId, 'patient', token, undefined, patientKeyOf(other.caseId)),
    ];
    for (const refusal of refusals) await expectRefused(refusal);
    const admin = await callAs(callers[2]!, pathOf(joinRoom, { meetingId }), {
      role: 'patient',
      token,
    });
    await expectRefused(admin);
    const entered = await roomSession(stack, meetingId, 'patient', token);
    expect(entered.status).toBe(200);
    expect(await entered.json()).toMatchObject({ role: 'patient', caseId });
  });

  it("is needed for the patient's feedback: refusals do not use up the one feedback", async () => {
    const { caseId } = await claimedPatient();
    await storeCaseStatus(caseId, 'completed', new Date().toISOString());
    const path = pathOf(caseContracts.submitFeedback, { caseId });
    for (const caller of callers) await expectRefused(await callAs(caller, path, { rating: 1 }));
    const given = await callAs(patientHeaders(caseId), path, { rating: 5 });
    expect(given.status).toBe(201);
  });

  it('is needed to attach a file to the case, and to confirm it', async () => {
    const { caseId } = await claimedPatient();
    const uploadPath = pathOf(uploadContracts.createCaseUpload, { caseId });
    const confirmPath = pathOf(uploadContracts.confirmCaseUpload, { caseId });
    const file = {
      kind: 'image',
      filename: 'rash.png',
      contentType: 'image/png',
      size: PNG.length,
    };
    for (const caller of callers) await expectRefused(await callAs(caller, uploadPath, file));

    const granted = await postJson(stack, uploadPath, file, patientHeaders(caseId));
    expect(granted.status).toBe(201);
    const grant = (await granted.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    const stored = await postToStorage(grant, new Blob([PNG], { type: 'image/png' }), 'rash.png');
    expect(stored.status).toBeLessThan(300);
    const confirm = { uploadId: grant.uploadId };
    for (const caller of callers) await expectRefused(await callAs(caller, confirmPath, confirm));
    const confirmed = await callAs(patientHeaders(caseId), confirmPath, confirm);
    expect(confirmed.status).toBe(201);
  });

  it('is needed to record that the patient joined', async () => {
    const { caseId, patientId } = await claimedPatient();
    const status = (await (
      await callAs(patientHeaders(caseId), pathOf(caseContracts.getCaseStatus, { caseId }))
    ).json()) as CaseStatusResponse;
    const path = pathOf(patientContracts.recordMeetingAccess, { patientId });
    const access = { meetingId: status.meeting!.id, accessTime: new Date().toISOString() };
    for (const caller of callers) await expectRefused(await callAs(caller, path, access));
    expect((await callAs(patientHeaders(patientId), path, access)).status).toBe(200);
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
