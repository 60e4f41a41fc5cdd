import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type RunningStack } from '#local/stack';
import { claimCase, joinLinks, startTimer } from '#local/testing/consultation-journey';
import type { TestStack } from '#local/testing/global-setup';
import {
  caseStatus,
  createCaseA,
  createPatientB,
  patientHeaders,
  patientKeyOf,
  payForCase,
  postJson,
} from '#local/testing/patient-journey';
import {
  adminFetch,
  adminToken,
  apply,
  providerFetch,
  review,
  signInProvider,
} from '#local/testing/provider-journey';
import { enterRoom } from '#local/testing/room-socket';
import { appFetch } from '#local/testing/stack-context';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as meetingContracts from '@shared/meetings/contracts';
import * as patientContracts from '@shared/patients/contracts';
import * as providerContracts from '@shared/providers/contracts';
import * as uploadContracts from '@shared/uploads/contracts';
import { testStackSettings } from '#local/testing/test-stack-settings';

/**
 * No patient or doctor data in logs (DESIGN.md §6): a stack of its own at the most verbose log
 * level runs the journeys with a marker in every patient and doctor field, and everything the
 * process writes (handler logs on stdout and stderr, the console, the stack's own log) is
 * searched for the markers. Ids may be logged; names, contacts, concerns, addresses, licence
 * numbers, notes, comments, file names and the patient's keys (docs/adr/0012) may not.
 */

const MARK = 'ZZMARK';
/** Phone numbers must be digits: a run no other value of the journey contains. */
const PHONE_MARK = '5550199734';
const mark = (field: string) => `${MARK}-${field}-7f3a`;
const markedEmail = (field: string) => `zzmark-${field}-7f3a@example.org`;

const captured: string[] = [];
const restores: (() => void)[] = [];
let dataDir: string;
let running: RunningStack;
let stack: TestStack;

/** Takes every write of this process into `captured` (silently: the output is the evidence). */
function capture(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    restores.push(() => spy.mockRestore());
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.push(
        args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
      );
    });
    restores.push(() => spy.mockRestore());
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-logs-'));
  capture();
  running = await startStack({
    ...testStackSettings,
    dataDir,
    web: 'dist',
    logLevel: 'debug',
    rateLimitMultiplier: 1000,
    admin: { username: 'logs-admin', password: 'logs-admin-password-1234' },
    log: (message) => captured.push(message),
  });
  stack = {
    appUrl: running.appUrl,
    mailboxUrl: running.mailboxUrl,
    stripeUrl: running.stripeUrl,
    handlerEnvironment: running.handlerEnvironment,
    admin: running.admin,
  };
}, 120_000);

afterAll(async () => {
  await running?.stop();
  for (const restore of restores.reverse()) restore();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function expectStatus(response: Promise<Response>, status: number): Promise<void> {
  const answer = await response;
  expect(answer.status, `${answer.url} answered ${await answer.text()}`).toBe(status);
}

describe('logs at debug level through the whole journey', () => {
  it('never carry a patient or doctor field', { timeout: 180_000 }, async () => {
    // Reading A: the intake form, a presigned upload with a marked file name.
    const intake = await createCaseA(stack, {
      name: mark('name'),
      triageSummary: mark('concern'),
      email: markedEmail('email'),
      phone: `+1 ${PHONE_MARK}`,
    });
    expect(intake.status).toBe(201);
    const { caseId: intakeCaseId } = (await intake.json()) as { caseId: string };
    await expectStatus(
      postJson(
        stack,
        pathOf(uploadContracts.createCaseUpload, { caseId: intakeCaseId }),
        {
          kind: 'image',
          filename: `${mark('filename')}.png`,
          contentType: 'image/png',
          size: PNG.length,
        },
        patientHeaders(intakeCaseId),
      ),
      201,
    );

    // Reading B: the patient request, a nurse visit with an address, payment.
    const request = await createPatientB(stack, {
      name: mark('patient-name'),
      contactInfo: markedEmail('contact'),
      symptoms: mark('symptoms'),
      history: mark('history'),
      requestType: 'telemedicine',
      location: mark('location'),
    });
    expect(request.status).toBe(201);
    const patient = (await request.json()) as { caseId: string; patientId: string };
    await expectStatus(
      postJson(stack, pathOf(patientContracts.createPatient, {}), {
        name: mark('nurse-name'),
        contactInfo: `+1 ${PHONE_MARK}`,
        symptoms: mark('nurse-symptoms'),
        requestType: 'nurse-visit',
        location: mark('address'),
      }),
      201,
    );
    await payForCase(stack, patient.caseId);

    // A doctor applies (every field marked), is approved with marked notes and signs in.
    const doctorFields = {
      fullName: mark('doctor-name'),
      email: markedEmail('doctor'),
      phoneNumber: `+1 ${PHONE_MARK}`,
      medicalLicenseNumber: mark('license'),
      hospitalAffiliation: mark('hospital'),
      medicalSchool: mark('school'),
    };
    await expectStatus(
      appFetch(
        stack,
        `${pathOf(providerContracts.checkProviderEmail, {})}?email=${encodeURIComponent(markedEmail('doctor'))}`,
      ),
      200,
    );
    const doctor = await signInProvider(stack, doctorFields);
    const rejected = await apply(stack, {
      ...doctorFields,
      email: markedEmail('rejected'),
      medicalLicenseNumber: mark('license-2'),
    });
    const token = await adminToken(stack);
    await expectStatus(
      review(stack, token, rejected.applicationId, 'reject', mark('admin-notes')),
      200,
    );

    // The consultation: claim, details, start, end, then the patient's feedback.
    await claimCase(stack, doctor, patient.caseId);
    // The patient's room, entered with the key (the status answer gives the join link).
    await enterRoom(stack, (await joinLinks(stack, doctor, patient.caseId)).patientJoinUrl);
    await expectStatus(
      providerFetch(
        stack,
        doctor,
        pathOf(caseContracts.getCaseDetails, { caseId: patient.caseId }),
      ),
      200,
    );
    await startTimer(stack, doctor, patient.caseId);
    await expectStatus(
      providerFetch(
        stack,
        doctor,
        pathOf(meetingContracts.endMeeting, { caseId: patient.caseId }),
        {
          method: 'POST',
        },
      ),
      200,
    );
    expect((await caseStatus(stack, patient.caseId)).status).toBe('completed');
    await expectStatus(
      postJson(
        stack,
        pathOf(caseContracts.submitFeedback, { caseId: patient.caseId }),
        { rating: 4, feedback: mark('feedback') },
        patientHeaders(patient.caseId),
      ),
      201,
    );

    // The admin reads everything back.
    for (const contract of [
      adminContracts.adminListCases,
      adminContracts.adminListApplications,
      adminContracts.adminListLogs,
      adminContracts.adminStats,
    ]) {
      await expectStatus(adminFetch(stack, token, pathOf(contract, {})), 200);
    }

    const output = captured.join('\n');
    // The capture works: the handlers' debug and info lines, naming ids, were caught.
    expect(output).toContain(patient.caseId);
    expect(captured.length).toBeGreaterThan(20);
    const hits = output
      .split('\n')
      .filter((line) => line.toUpperCase().includes(MARK) || line.includes(PHONE_MARK));
    expect(hits).toEqual([]);
    // Nor the patient's keys, sent in a header on every patient call above.
    for (const caseId of [intakeCaseId, patient.caseId]) {
      expect(output).not.toContain(patientKeyOf(caseId));
    }
  });
});
