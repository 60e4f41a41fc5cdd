import { randomBytes, randomUUID } from 'node:crypto';
import { REVIEW_CONFLICT_MESSAGE } from '@shared/admin/api';
import type { ApplicationRef } from '@shared/doctor-applications/application-ref';
import { countReviewTx } from '#db/application-counters';
import { auditEntryTx } from '#db/audit-log';
import {
  getDoctorApplicationByRef,
  reviewedApplicationTx,
  type DoctorApplicationRecord,
} from '#db/doctor-applications';
import {
  providerLoginActiveTx,
  providerLoginTx,
  type TemporaryPassword,
} from '#db/provider-logins';
import { providerActiveTx, providerTx, type ProviderRecord } from '#db/providers';
import { writeConditionalTransaction, type TransactItem } from '#db/transaction';
import { guardKeys, guardTx } from '#db/unique-guards';
import { hashPassword } from '#lib/auth/passwords';
import { conflict, notFound, serviceUnavailable } from '#core/errors';
import { endProviderAccess } from '../providers/end-access';
import { APPLICATION_NOT_FOUND } from './status-lookup';

export type Decision = 'approve' | 'reject';

/** 18 random bytes: a 24-character temporary password that only ever leaves in the email. */
export function temporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}

export interface ReviewOutcome {
  application: DoctorApplicationRecord;
  /** Set on approval: the sign-in the doctor receives by email. */
  credentials: { email: string; password: string } | null;
}

/** The verified provider an approval creates from an application (exported for test seeding). */
export function providerFor(
  application: DoctorApplicationRecord,
  adminId: string,
  now: string,
): ProviderRecord {
  return {
    id: randomUUID(),
    applicationId: application.applicationId,
    name: application.fullName,
    email: application.email,
    phoneNumber: application.phoneNumber,
    licenseNumber: application.medicalLicenseNumber,
    licenseState: application.licenseState,
    credentials: 'MD',
    specialization: application.specialization,
    yearsExperience: application.yearsExperience,
    hospitalAffiliation: application.hospitalAffiliation,
    boardCertifications: application.boardCertifications,
    availability: 'available',
    status: 'active',
    verificationStatus: 'approved',
    isApproved: true,
    isActive: true,
    signupDate: now,
    approvedAt: now,
    approvedBy: adminId,
    lastActive: null,
    createdAt: now,
    credentialsVersion: 0,
  };
}

/** From application to review, in milliseconds (never negative: clocks may disagree a little). */
function reviewMillis(application: DoctorApplicationRecord, reviewedAt: string): number {
  return Math.max(0, Date.parse(reviewedAt) - Date.parse(application.applicationDate));
}

/**
 * Approves or rejects an application from any current status (spec doc 2 §4). One transaction
 * holds the status change, its audit entry, the stat counters and, on approval, the verified
 * Provider with its sign-in and license guard (unique email and license); a rejection
 * deactivates an existing provider.
 *
 * The change is conditional on the version the decision was made on: `expectedVersion` (the
 * version the admin saw) or else the version read here. Of two reviews made on the same version
 * (approve and reject at once, approve twice) exactly one takes effect: one status change, one
 * audit entry, one provider, one email. The other is refused with 409 and changes nothing, so
 * the admin looks again instead of overwriting a decision they never saw.
 */
export async function reviewApplication(input: {
  application: ApplicationRef;
  decision: Decision;
  notes: string;
  adminId: string;
  expectedVersion?: number;
}): Promise<ReviewOutcome> {
  const current = await getDoctorApplicationByRef(input.application);
  if (!current) throw notFound(APPLICATION_NOT_FOUND);
  const decidedOn = input.expectedVersion ?? current.version;
  if (decidedOn !== current.version) throw conflict(REVIEW_CONFLICT_MESSAGE);

  const now = new Date().toISOString();
  const newStatus = input.decision === 'approve' ? 'approved' : 'rejected';
  const updated: DoctorApplicationRecord = {
    ...current,
    status: newStatus,
    reviewedAt: now,
    reviewedBy: input.adminId,
    reviewNotes: input.notes,
    version: current.version + 1,
  };

  const items: TransactItem[] = [
    auditEntryTx({
      action: input.decision === 'approve' ? 'APPROVED' : 'REJECTED',
      applicationId: current.applicationId,
      adminId: input.adminId,
      previousStatus: current.status,
      newStatus,
      notes: input.notes,
      timestamp: now,
    }),
    countReviewTx({
      previousStatus: current.status,
      newStatus,
      reviewMillis: reviewMillis(current, now),
      previousReviewMillis: current.reviewedAt ? reviewMillis(current, current.reviewedAt) : null,
    }),
  ];
  let credentials: ReviewOutcome['credentials'] = null;

  if (input.decision === 'approve') {
    const password = temporaryPassword();
    // Issued now: it works for 72 hours (features/auth/temporary-password.ts).
    const temporary = { passwordHash: await hashPassword(password), issuedAt: now };
    credentials = { email: current.email, password };
    if (!current.providerId) {
      const provider = providerFor(current, input.adminId, now);
      updated.providerId = provider.id;
      items.push(
        providerTx(provider),
        providerLoginTx({
          providerId: provider.id,
          email: provider.email,
          passwordHash: temporary.passwordHash,
          isActive: true,
          mustChangePassword: true,
          temporaryIssuedAt: temporary.issuedAt,
          credentialsVersion: 0,
        }),
        guardTx(guardKeys.providerLicense(provider.licenseNumber), provider.id),
      );
    } else {
      items.push(...providerActivation(current, true, temporary));
    }
  } else if (current.providerId) {
    items.push(...providerActivation(current, false, null));
  }

  // First item: its reason tells a concurrent review apart from a taken email or license.
  items.unshift(reviewedApplicationTx(updated, decidedOn));

  // Conflicts with transactions still in flight (on the counters, say) are retried there; a
  // failed condition is final.
  const codes = await writeConditionalTransaction(items);
  if (codes?.[0] === 'ConditionalCheckFailed' || codes?.[0] === 'TransactionConflict') {
    throw conflict(REVIEW_CONFLICT_MESSAGE);
  }
  if (codes?.includes('ConditionalCheckFailed')) {
    throw conflict('A provider with this email or license number already exists');
  }
  // Still meeting other writes (on the counters) after the retries: busy, not a lost race.
  if (codes) throw serviceUnavailable('Too many reviews at once. Please try again.');
  // A withdrawn approval ends the provider's sessions and sockets at once (issue 8).
  if (input.decision === 'reject' && current.providerId) {
    await endProviderAccess(current.providerId);
  }
  return { application: updated, credentials };
}

/** (Re)activates or deactivates the provider an earlier approval created. */
function providerActivation(
  application: DoctorApplicationRecord,
  active: boolean,
  temporary: TemporaryPassword | null,
): TransactItem[] {
  return [
    providerActiveTx(application.providerId!, active),
    providerLoginActiveTx(application.email, active, temporary),
  ];
}
