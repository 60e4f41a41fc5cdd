import * as z from 'zod';
import { FEEDBACK_MAX_LENGTH } from '@shared/cases/case-feedback';
import { partitions, type ItemKey } from './keys';
import { parseStored } from './records';
import type { StoredItem } from './table';
import { newItemTx, type TransactItem } from './transaction';

export const FEEDBACK_ENTITY = 'Feedback';
const entity = { tag: FEEDBACK_ENTITY };

/**
 * One Feedback per case (spec doc 1 §3, DESIGN.md §4), in the case's partition: its fixed sort
 * key is what makes "once" hold, since a second Put of the same key fails its condition.
 */
export const feedbackKey = (caseId: string): ItemKey => ({
  pk: partitions.case(caseId),
  sk: 'FEEDBACK',
});

/** The comments are patient data: stored here and on the case snapshot, never logged. */
export const feedbackRecordSchema = z.object({
  caseId: z.string(),
  rating: z.number().int().min(1).max(5),
  feedback: z.string().max(FEEDBACK_MAX_LENGTH).nullable(),
  createdAt: z.string(),
});
export type FeedbackRecord = z.infer<typeof feedbackRecordSchema>;

export const isFeedbackItem = (item: StoredItem): boolean => item.sk === 'FEEDBACK';

export const parseFeedback = (item: StoredItem): FeedbackRecord =>
  parseStored(feedbackRecordSchema, entity, item);

/** Transaction item: the case's feedback, refused when the case already has one. */
export function feedbackTx(record: FeedbackRecord): TransactItem {
  return newItemTx({ ...feedbackKey(record.caseId), entity: FEEDBACK_ENTITY, ...record });
}
