import type {
  CaseCounts,
  CaseListResponse,
  ProviderCaseDetails,
  ProviderCaseSummary,
} from '@shared/cases/provider-case';
import type { Attachment } from '@shared/cases/api';
import type { ProviderSession } from '@shared/providers/api';
import { priorityOf } from '../lib/case-view';

export const PROVIDER: ProviderSession = {
  id: 'prov-0001',
  name: 'Dr. Ada Lovelace',
  mustChangePassword: false,
};

let serial = 0;

/** A paid, unclaimed case; `overrides` make it anything else. */
export function caseSummary(overrides: Partial<ProviderCaseSummary> = {}): ProviderCaseSummary {
  serial += 1;
  const triageSummary = overrides.triageSummary ?? 'Mild cough for three days';
  return {
    id: `${String(serial).padStart(8, '0')}-aaaa-4bbb-8ccc-123456789abc`,
    status: 'paid',
    requestType: 'telemedicine',
    triageSummary,
    // As the server reads it, from the whole summary.
    priority: priorityOf(triageSummary, 'routine'),
    createdAt: '2026-11-25T10:00:00.000Z',
    paidAt: '2026-11-25T10:01:00.000Z',
    claimedAt: null,
    endedAt: null,
    claimedBy: null,
    claimedByMe: false,
    claimExpiresAt: null,
    myClaimLapsed: false,
    patientPresence: null,
    nurseVisit: null,
    ...overrides,
  };
}

export function mine(overrides: Partial<ProviderCaseSummary> = {}): ProviderCaseSummary {
  return caseSummary({
    status: 'claimed',
    claimedBy: PROVIDER.id,
    claimedByMe: true,
    claimedAt: '2026-11-25T10:02:00.000Z',
    claimExpiresAt: '2026-11-25T10:12:00.000Z',
    ...overrides,
  });
}

export const COUNTS: CaseCounts = { available: 3, myActive: 1, completed: 2, total: 9 };

export function page(
  cases: ProviderCaseSummary[],
  { counts = COUNTS, nextCursor = null }: { counts?: CaseCounts; nextCursor?: string | null } = {},
): CaseListResponse {
  return { cases, counts, nextCursor };
}

export function detailsOf(
  item: ProviderCaseSummary,
  overrides: Partial<ProviderCaseDetails> = {},
): ProviderCaseDetails {
  return {
    ...item,
    patient: { name: 'Grace Hopper', email: 'grace@example.com', phone: '555-0100' },
    attachments: [],
    meeting: item.claimedByMe
      ? {
          zoomMeetingId: 'room-1',
          duration: 15,
          status: 'scheduled',
          providerJoinUrl: '/room/room-1?token=provider',
        }
      : null,
    ...overrides,
  };
}

export function attachment(name: string, overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: `att-${name}`,
    filename: name,
    originalName: name,
    type: 'medical_record',
    size: 2048,
    url: `https://uploads.example/${name}`,
    createdAt: '2026-11-25T10:00:30.000Z',
    ...overrides,
  };
}
