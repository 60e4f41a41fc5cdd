import { caseKey, CASE_ENTITY } from './cases';
import { putItem } from './table';

/**
 * Test only: stores a case item exactly as given, bypassing its record schema, so a test can
 * show what a broken stored item does (a 500 and an error log, never a 400). No handler or
 * script imports this module.
 */
export async function storeUncheckedCaseItem(
  caseId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  await putItem({ ...caseKey(caseId), entity: CASE_ENTITY, ...fields });
}
