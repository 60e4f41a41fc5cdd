import * as z from 'zod';
import { attachmentListSchema } from './attachments';
import { caseIdSchema } from './case-id';
import { casePriorities } from './case-summary';
import { nurseVisitViewSchema } from './nurse-visit';
import { cursorSchema, INVALID_CURSOR_MESSAGE, pageLimitSchema } from '../http/page';
import { claimMessages } from './provider-case-messages';

export { claimMessages, providerCaseMessages } from './provider-case-messages';

/**
 * The provider's reading of a case (spec doc 2 §3 "Case (provider view)", §4). A provider sees
 * only cases that were paid: `paid` (Ready for Care), `claimed` (In Progress), `in_call`
 * (Meeting Active) and `completed`. The status is the *effective* one: a claim whose meeting did
 * not start within the claim lease (DESIGN.md §5) reads `paid` again, with `claimedBy` null.
 */
export const providerCaseStatuses = ['paid', 'claimed', 'in_call', 'completed'] as const;
export const providerCaseStatusSchema = z.enum(providerCaseStatuses);
export type ProviderCaseStatus = z.infer<typeof providerCaseStatusSchema>;

/**
 * One case card of the dashboard lists: what a doctor needs to choose a case (issue 25 item 4).
 * Nothing about the patient; the summary cut to the widest card (`SUMMARY_LIMITS.card`), its
 * priority read from the whole of it. The whole summary is in the holder's details.
 */
export const providerCaseSummarySchema = z.object({
  id: z.uuid(),
  status: providerCaseStatusSchema,
  requestType: z.enum(['telemedicine', 'nurse-visit']),
  triageSummary: z.string(),
  /** The stored triage priority, and URGENT when the whole summary says urgent (spec doc 2 §2). */
  priority: z.enum(casePriorities),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The holding provider's id (spec doc 2 §3), null while available. */
  claimedBy: z.string().nullable(),
  /** The signed-in provider holds it: My Active / Completed, Start Call; else 'Claimed'. */
  claimedByMe: z.boolean(),
  /** While claimed and the meeting has not started: when the claim lease ends. */
  claimExpiresAt: z.string().nullable(),
  /** The signed-in provider's claim on this case lapsed; the case is available again. */
  myClaimLapsed: z.boolean(),
  /**
   * The patient's presence on the visit page (issue 27 item 1), for the holding provider only
   * while claimed or in the call (null otherwise): `present` while a patient page of the case is
   * connected, `lastSeenAt` when one last connected or closed (null: never). Kept current on an
   * open dashboard by `PATIENT_PRESENCE` pushes.
   */
  patientPresence: z.object({ present: z.boolean(), lastSeenAt: z.string().nullable() }).nullable(),
  /**
   * A home nurse visit (docs/adr/0022): the address area (town, postcode; never the street, which
   * only the claimer's details show), the recorded time and the outcome. Null for a video call.
   */
  nurseVisit: nurseVisitViewSchema.extend({ area: z.string().nullable() }).nullable(),
});
export type ProviderCaseSummary = z.infer<typeof providerCaseSummarySchema>;

/**
 * The four dashboard lists. `available`: paid and unclaimed (or the claim lapsed); `mine`: my
 * claimed and in-call cases; `completed`: my completed cases; `all`: every paid case, newest first.
 */
export const caseListViews = ['available', 'mine', 'completed', 'all'] as const;
export const caseListViewSchema = z.enum(caseListViews);
export type CaseListView = z.infer<typeof caseListViewSchema>;

export const CASE_LIST_PAGE_SIZE = 25;
export const CASE_LIST_MAX_PAGE_SIZE = 100;
export { INVALID_CURSOR_MESSAGE };

/**
 * The longest search the list accepts: it matches the summary a card carries, cut to
 * `SUMMARY_LIMITS.card` (120) characters, so a longer text can match nothing.
 */
export const CASE_SEARCH_MAX_LENGTH = 120;
export const caseListQueryMessages = {
  searchTooLong: `Search must be at most ${CASE_SEARCH_MAX_LENGTH} characters`,
  badStatus: `Status must be one of ${providerCaseStatuses.join(', ')}`,
} as const;

/**
 * `GET /api/cases?view=&search=&status=&cursor=&limit=`: one page of one list. The 30 s refresh
 * and each alert fetch only the first page of the open tab; `cursor` (opaque, from `nextCursor`)
 * reads on, under the same `search` and `status`. `search` (trimmed; blank is no search) matches
 * the case id (whole, or its start: the 8 characters a card shows) or the card's summary,
 * case-insensitive; `status` keeps the cases of that status as they read now (absent: all). The
 * server filters over the whole list (docs/access-patterns.md pattern 29): a page may then hold
 * fewer than `limit` cases, even none, and still a `nextCursor`.
 */
export const caseListQuerySchema = z.object({
  view: caseListViewSchema.default('all'),
  search: z
    .string()
    .trim()
    .max(CASE_SEARCH_MAX_LENGTH, { error: caseListQueryMessages.searchTooLong })
    .optional(),
  status: z.enum(providerCaseStatuses, { error: caseListQueryMessages.badStatus }).optional(),
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema(CASE_LIST_PAGE_SIZE, CASE_LIST_MAX_PAGE_SIZE),
});
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

/** The dashboard counters (spec doc 2 §2), read with every page from the same indexes. */
export const caseCountsSchema = z.object({
  available: z.number().int(),
  myActive: z.number().int(),
  completed: z.number().int(),
  total: z.number().int(),
});
export type CaseCounts = z.infer<typeof caseCountsSchema>;

export const caseListResponseSchema = z.object({
  cases: z.array(providerCaseSummarySchema),
  counts: caseCountsSchema,
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

/**
 * The meeting as the provider reads it. `providerJoinUrl` only for the provider's own claimed
 * or in-call case (item 10 of issue 8: the public status route never carries it).
 */
export const providerMeetingSchema = z.object({
  zoomMeetingId: z.string(),
  /** Minutes (spec doc 2 §3). */
  duration: z.number().int(),
  status: z.enum(['scheduled', 'active', 'completed', 'cancelled']),
  providerJoinUrl: z.string().nullable(),
});
export type ProviderMeeting = z.infer<typeof providerMeetingSchema>;

/**
 * `GET /api/cases/{caseId}/details`: the details dialog, only for the provider who holds the
 * case (spec doc 2 §6); `triageSummary` is the whole summary.
 */
export const providerCaseDetailsSchema = providerCaseSummarySchema.extend({
  patient: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  attachments: attachmentListSchema,
  meeting: providerMeetingSchema.nullable(),
});
export type ProviderCaseDetails = z.infer<typeof providerCaseDetailsSchema>;

/** `POST /api/cases/claim` (spec doc 2 §7). */
export const claimCaseRequestSchema = z.object({
  caseId: caseIdSchema,
  providerId: z
    .string({ error: claimMessages.providerRequired })
    .trim()
    .min(1, { error: claimMessages.providerRequired })
    .max(100),
});
export type ClaimCaseRequest = z.infer<typeof claimCaseRequestSchema>;

export const claimCaseResponseSchema = z.object({
  success: z.literal(true),
  case: providerCaseSummarySchema,
});
export type ClaimCaseResponse = z.infer<typeof claimCaseResponseSchema>;
