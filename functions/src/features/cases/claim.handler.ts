import { claimMessages } from '@shared/cases/provider-case-messages';
import { getProvider } from '#db/providers';
import { conflict, forbidden, unauthorized } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import { rateLimitFor } from '#lib/rate-limits';
import * as routes from '#routes';
import { pushCaseUpdate } from '#lib/realtime/case-updates';
import { scheduleClaimRelease } from './claim-release';
import { loadCase } from './load';
import { toProviderCaseSummary } from './provider-views';
import { claimPaidCase } from './transitions';
import { sampleClaimDelay } from './wait-samples';

/**
 * POST /api/cases/claim (provider): the body must name the signed-in provider. One conditional
 * write decides the race; the loser gets 409 with the reason. The patient's pages hear of the
 * claim at once (issue 12: Doctor Assigned, Preparing...). The lease-end schedule is a
 * backstop (a lapsed claim already reads as available), so failing to create it is logged and
 * the claim stands. Counted per provider account (issue 25: no one account hoards the queue).
 */
export const handler = httpHandler(routes.claimCase, {
  rateLimit: ({ session }) => rateLimitFor('claims', session.subjectId),
  async handle({ body, session, log }) {
    if (body.providerId !== session.subjectId) throw forbidden(claimMessages.notYourself);
    const [bundle, provider] = await Promise.all([
      loadCase(body.caseId),
      getProvider(session.subjectId),
    ]);
    if (!provider?.isActive) throw unauthorized();

    const now = new Date();
    const result = await claimPaidCase(bundle.case, { id: provider.id, name: provider.name }, now);
    if (result.outcome === 'refused') throw conflict(result.message);

    await Promise.all([
      scheduleClaimRelease(result.case.id, result.claim).catch((error: unknown) => {
        log.warn('claim release schedule failed', {
          caseId: result.case.id,
          error: error instanceof Error ? error.name : 'unknown',
        });
      }),
      pushCaseUpdate(result.case.id, 'claimed', log),
      // The delay from ready to claimed, as the case read before the claim (issue 28 item 5).
      sampleClaimDelay(bundle.case, result.claim, log),
    ]);
    log.info('case claimed', { caseId: result.case.id, providerId: provider.id });
    const summary = toProviderCaseSummary(result.case, provider.id, now);
    if (!summary) throw new Error('a claimed case reads as a provider case');
    return { body: { success: true as const, case: summary } };
  },
});
