/**
 * The case item's keys and its places in the indexes (docs/access-patterns.md, Case). Apart from
 * the record schema so that a module that only addresses a case (`db/case-presence.ts`, which
 * `$disconnect` bundles) does not build the schema at import.
 */
import { listEntry, lists, partitions, type ItemKey } from '../keys';
import type { CaseRecord } from './record';

/** A case and everything that belongs to it share one partition: one Query reads it all. */
export const caseKey = (caseId: string): ItemKey => ({ pk: partitions.case(caseId), sk: 'CASE' });

/** The case's place in the `gsi1` list of all cases (admin cases, provider dashboard). */
export const caseListEntry = (caseRecord: Pick<CaseRecord, 'id' | 'createdAt'>) =>
  listEntry(lists.cases, caseRecord.createdAt, caseRecord.id);

/**
 * The provider dashboard's sparse indexes (docs/access-patterns.md). A case enters them when it
 * is paid or claimed and leaves them when it no longer belongs there, so no list reads items it
 * then throws away:
 * - gsi2 `CASE_QUEUE`: cases waiting for a provider, i.e. paid, plus claimed ones whose meeting
 *   has not started (their lease may lapse, and then they read as available). Small and hot.
 * - gsi3 `PROVIDER_CASES#{providerId}`: the provider's own cases, `ACTIVE#…` then `DONE#…`.
 * - gsi4 `PAID_CASES`: every case that was paid (the All list and the Total counter).
 */
export const CASE_QUEUE = 'CASE_QUEUE';
export const PAID_CASES = 'PAID_CASES';
export const PROVIDER_CASES_PREFIX = 'PROVIDER_CASES#';
/** The stages of a provider's own cases, in sort key order (`ACTIVE#…`, then `DONE#…`). */
export const providerCaseStages = ['ACTIVE', 'DONE'] as const;
export type ProviderCaseStage = (typeof providerCaseStages)[number];
export const providerCasesPartition = (providerId: string) =>
  `${PROVIDER_CASES_PREFIX}${providerId}`;

/** The case's place in the queue (gsi2): by payment time, so the queue is served in order. */
export const queueEntry = (paidAt: string, caseId: string) => ({
  gsi2pk: CASE_QUEUE,
  gsi2sk: `${paidAt}#${caseId}`,
});
/** The case's place in the list of paid cases (gsi4). */
export const paidCasesEntry = (paidAt: string, caseId: string) => ({
  gsi4pk: PAID_CASES,
  gsi4sk: `${paidAt}#${caseId}`,
});
/** The case's place in its claimer's own list (gsi3), under the stage it is in. */
export const providerCasesEntry = (
  providerId: string,
  stage: ProviderCaseStage,
  claimedAt: string,
  caseId: string,
) => ({
  gsi3pk: providerCasesPartition(providerId),
  gsi3sk: `${stage}#${claimedAt}#${caseId}`,
});
