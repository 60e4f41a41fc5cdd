import { randomUUID } from 'node:crypto';
import type { RequestType } from '@shared/patients/request';
import { casePriority, type RegionSetting } from '@shared/triage';
import type { CaseRecord } from '#db/cases/record';
import { caseIdOfPatient, type PatientRecord } from '#db/patients';
import { newPatientKey } from '#lib/auth/patient-key';
import { env } from '#core/env';

export interface NewCaseInput {
  source: CaseRecord['source'];
  name: string;
  email: string | null;
  phone: string | null;
  contactInfo: string;
  requestType: RequestType;
  triageSummary: string;
  history: string;
  location: string;
  medicalFiles: string[];
  metadata: Record<string, unknown>;
}

/**
 * A new patient and their case, awaiting payment (DESIGN.md §5: the initial state). The server
 * computes the priority with the same analyser the form shows, never trusting the browser's,
 * and in the same region (`TRIAGE_REGION`, which `GET /api/config` gives the form).
 */
export function newPatientAndCase(
  input: NewCaseInput,
  now = new Date(),
  region: RegionSetting = env.triageRegion,
): { patient: PatientRecord; caseRecord: CaseRecord; patientKey: string } {
  // Returned once to the intake's answer; only its hash is stored (docs/adr/0012).
  const key = newPatientKey();
  const createdAt = now.toISOString();
  const patientId = randomUUID();
  // Found from the patient id without a read (issue 12 item 2: one read per poll).
  const caseId = caseIdOfPatient(patientId);
  return {
    patientKey: key.key,
    patient: {
      id: patientId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      contactInfo: input.contactInfo,
      caseId,
      createdAt,
    },
    caseRecord: {
      id: caseId,
      patientId,
      source: input.source,
      status: 'awaiting_payment',
      requestType: input.requestType,
      triageSummary: input.triageSummary,
      history: input.history,
      location: input.location,
      priority: casePriority(input.triageSummary, region),
      medicalFiles: input.medicalFiles,
      metadata: input.metadata,
      checkoutSessionId: null,
      createdAt,
      paidAt: null,
      startedAt: null,
      endedAt: null,
      claimedBy: null,
      claimedByName: null,
      claimedAt: null,
      leaseEndsAt: null,
      lapsedClaimBy: null,
      lapsedAt: null,
      endsAt: null,
      expiredAt: null,
      feedback: null,
      patientKeyHash: key.hash,
      patientSeenAt: null,
      patientPresent: false,
      visitScheduledFor: null,
      visitOutcome: null,
      patientJoinedAt: null,
      providerJoinedAt: null,
      callOutcome: null,
      authorizations: 0,
      waitPromiseEndsAt: null,
      waitPromiseLapsedAt: null,
      waitEstimateAtPayment: null,
    },
  };
}
