import type { ItemKey } from './keys';
import { conditionalUpdate, getItem, partitionQuery, queryAll, updateItem } from './table';

/**
 * What the honest wait is computed from (issue 28 item 5, docs/access-patterns.md), in one small
 * partition: the last samples of a consultation's length and of a claim's delay (the medians are
 * computed on read), and how often a real start fell within the estimate given at payment.
 */
export const WAIT_STATS_ENTITY = 'WaitStats';

export const WAIT_STATS_PARTITION = 'STATS#WAIT';

/** The rolling samples kept: an odd count, so the median is one sample. */
export const WAIT_SAMPLES_KEPT = 51;

export type WaitSampleKind = 'consultation' | 'claimDelay';

const sampleKeys: Record<WaitSampleKind, ItemKey> = {
  consultation: { pk: WAIT_STATS_PARTITION, sk: 'CONSULTATION' },
  claimDelay: { pk: WAIT_STATS_PARTITION, sk: 'CLAIM_DELAY' },
};
const accuracyKey: ItemKey = { pk: WAIT_STATS_PARTITION, sk: 'ACCURACY' };

/** Two writers rarely meet on one item (a claim, a call's end); a few retries settle any race. */
const SAMPLE_WRITE_ATTEMPTS = 5;

const numbersOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((entry): entry is number => typeof entry === 'number') : [];
const countOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * Access pattern: add one sample (minutes) to a rolling list, keeping the last
 * `WAIT_SAMPLES_KEPT`. A read, then a write conditional on the version read (optimistic
 * concurrency: DynamoDB cannot append and trim one list in one update), retried when another
 * writer came first. Returns false when every attempt lost a race (the sample is dropped: the
 * medians are an estimate's input, never a record).
 */
export async function addWaitSample(kind: WaitSampleKind, minutes: number): Promise<boolean> {
  const key = sampleKeys[kind];
  for (let attempt = 0; attempt < SAMPLE_WRITE_ATTEMPTS; attempt += 1) {
    const item = await getItem(key, { consistent: true });
    const version = countOf(item?.version);
    const samples = [...numbersOf(item?.samples), minutes].slice(-WAIT_SAMPLES_KEPT);
    const written = await conditionalUpdate(key, {
      UpdateExpression: 'SET #samples = :samples, #version = :next, entity = :entity',
      ConditionExpression: item ? '#version = :version' : 'attribute_not_exists(pk)',
      ExpressionAttributeNames: { '#samples': 'samples', '#version': 'version' },
      ExpressionAttributeValues: {
        ':samples': samples,
        ':next': version + 1,
        ':entity': WAIT_STATS_ENTITY,
        ...(item ? { ':version': version } : {}),
      },
    });
    if (written) return true;
  }
  return false;
}

/**
 * Access pattern: count one started consultation whose estimate at payment was judged (atomic
 * `ADD`, O(1)): `within` when the real start fell within it.
 */
export async function countEstimateOutcome(within: boolean): Promise<void> {
  await updateItem(accuracyKey, {
    // Both names are placeholders: DynamoDB reserves words such as WITHIN.
    UpdateExpression: 'ADD #within :within, #total :one SET entity = :entity',
    ExpressionAttributeNames: { '#within': 'within', '#total': 'total' },
    ExpressionAttributeValues: {
      ':within': within ? 1 : 0,
      ':one': 1,
      ':entity': WAIT_STATS_ENTITY,
    },
  });
}

export interface WaitStats {
  /** The last consultation lengths, minutes, oldest first. */
  consultationMinutes: number[];
  /** The last claim delays, minutes, oldest first. */
  claimDelayMinutes: number[];
  /** Started consultations whose estimate at payment was judged, and how many fell within. */
  accuracy: { within: number; total: number };
}

/** Access pattern: the whole wait statistics partition, one Query (three small items). */
export async function readWaitStats(): Promise<WaitStats> {
  const items = await queryAll(partitionQuery(WAIT_STATS_PARTITION));
  const item = (key: ItemKey) => items.find((candidate) => candidate.sk === key.sk);
  const accuracy = item(accuracyKey);
  return {
    consultationMinutes: numbersOf(item(sampleKeys.consultation)?.samples),
    claimDelayMinutes: numbersOf(item(sampleKeys.claimDelay)?.samples),
    accuracy: { within: countOf(accuracy?.within), total: countOf(accuracy?.total) },
  };
}
