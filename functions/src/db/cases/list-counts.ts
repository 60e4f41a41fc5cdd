/**
 * How many cases a list holds, counted by DynamoDB (`Select: COUNT`): no item is sent back.
 */
import { countQuery } from '../table';
import { caseListQuery, startKeyAfter, type CaseList } from './lists';

/**
 * Which cases of a list a count keeps, as they read at `now` (features/cases/claim-lease.ts):
 * `available`: the queue without live claims (a lapsed claim reads as available); `storedPaid`:
 * the cases stored as paid (the waiting counter's recount, features/cases/available-count.ts).
 */
export type CaseCountFilter = 'available' | 'storedPaid';

const countFilters: Record<CaseCountFilter, { expression: string; values: string[] }> = {
  available: {
    expression: 'NOT (#status = :claimed AND leaseEndsAt > :now)',
    values: [':claimed', ':now'],
  },
  storedPaid: { expression: '#status = :paid', values: [':paid'] },
};

/** DynamoDB refuses values an expression does not use: only the filter's. */
const pick = (values: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, values[name]]));

/**
 * Access pattern: how many cases a list holds (Query with `Select: COUNT`: no items are sent),
 * optionally only those a filter keeps at `now`, and only those after `afterSortKey` (the rest
 * of a list whose first page was read).
 */
export async function countCases(
  list: CaseList,
  keep?: { filter: CaseCountFilter; now: Date },
  afterSortKey?: string,
): Promise<number> {
  const spec = caseListQuery(list);
  const startKey = afterSortKey ? startKeyAfter(list, afterSortKey) : undefined;
  if (!keep) return countQuery(spec, startKey);
  const filter = countFilters[keep.filter];
  return countQuery(
    {
      ...spec,
      FilterExpression: filter.expression,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ...spec.ExpressionAttributeValues,
        ...pick(
          { ':claimed': 'claimed', ':paid': 'paid', ':now': keep.now.toISOString() },
          filter.values,
        ),
      },
    },
    startKey,
  );
}
