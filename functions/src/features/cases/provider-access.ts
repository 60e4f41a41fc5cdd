import type { ProviderCaseSummary } from '@shared/cases/provider-case';
import type { CaseBundle } from '#db/cases/bundle';
import { loadCase } from './load';
import { readableSummary } from './provider-views';

/** A case the provider may open (details, attachments), or 404/403 (docs/security.md). */
export async function loadReadableCase(
  caseId: string,
  providerId: string,
  now = new Date(),
): Promise<{ bundle: CaseBundle; summary: ProviderCaseSummary }> {
  const bundle = await loadCase(caseId);
  return { bundle, summary: readableSummary(bundle.case, providerId, now) };
}
