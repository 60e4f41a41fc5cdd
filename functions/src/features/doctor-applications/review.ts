import { randomBytes, randomUUID } from 'node:crypto';
import { auditEntryTx } from '../../db/audit-log';
import {
  getDoctorApplication,
  reviewedApplicationTx,
  type DoctorApplicationRecord,
} from '../../db/doctor-applications';
import { providerLoginActiveTx, providerLoginTx } from '../../db/provider-logins';
import { providerActiveTx, providerTx, type ProviderRecord } from '../../db/providers';
import { cancellationReasons, writeTransaction, type TransactItem } from '../../db/transaction';
import { guardKeys, guardTx } from '../../db/unique-guards';
import { hashPassword } from '../../lib/auth/passwords';
import { conflict, notFound } from '../../lib/errors';
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

const MAX_ATTEMPTS = 5;

function providerFor(
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
  };
}

/**
 * Approves or rejects an application from any current status (spec doc 2 §4). One transaction
 * holds the status change (conditional on the version read, so concurrent reviews apply one
 * after the other), its audit entry, and on approval the verified Provider with its sign-in
 * and license guard (unique email and license). A rejection deactivates an existing provider.
 */
export async function reviewApplication(input: {
  applicationId: string;
  decision: Decision;
  notes: string;
  adminId: string;
}): Promise<ReviewOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getDoctorApplication(input.applicationId);
    if (!current) throw notFound(APPLICATION_NOT_FOUND);
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
    ];
    let credentials: ReviewOutcome['credentials'] = null;

    if (input.decision === 'approve') {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      credentials = { email: current.email, password };
      if (!current.providerId) {
        const provider = providerFor(current, input.adminId, now);
        updated.providerId = provider.id;
        items.push(
          providerTx(provider),
          providerLoginTx({
            providerId: provider.id,
            email: provider.email,
            passwordHash,
            isActive: true,
            mustChangePassword: true,
          }),
          guardTx(guardKeys.providerLicense(provider.licenseNumber), provider.id),
        );
      } else {
        items.push(...providerActivation(current, true, passwordHash));
      }
    } else if (current.providerId) {
      items.push(...providerActivation(current, false, null));
    }

    // First item: its reason tells a concurrent review apart from a taken email or license.
    items.unshift(reviewedApplicationTx(updated, current.version));

    try {
      await writeTransaction(items);
    } catch (error) {
      const codes = cancellationReasons(error);
      if (!codes) throw error;
      const raced = codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict');
      if (raced && attempt < MAX_ATTEMPTS) continue;
      if (raced)
        throw conflict('The application changed while it was being reviewed. Please try again.');
      throw conflict('A provider with this email or license number already exists');
    }
    // A withdrawn approval ends the provider's sessions and sockets at once (issue 8).
    if (input.decision === 'reject' && current.providerId) {
      await endProviderAccess(current.providerId);
    }
    return { application: updated, credentials };
  }
}

/** (Re)activates or deactivates the provider an earlier approval created. */
function providerActivation(
  application: DoctorApplicationRecord,
  active: boolean,
  passwordHash: string | null,
): TransactItem[] {
  return [
    providerActiveTx(application.providerId!, active),
    providerLoginActiveTx(application.email, active, passwordHash),
  ];
}
