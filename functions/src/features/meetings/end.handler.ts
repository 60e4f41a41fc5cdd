import { startRuleMessages } from '@shared/meetings/start-rule';
import { conflict, serviceUnavailable } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { isPatientNoShow } from '../cases/call-joins';
import { effectiveCase } from '../cases/claim-lease';
import { loadCase } from '../cases/load';
import { endMeeting } from './end';
import { startRuleRefusal } from './start-rule';

/**
 * POST /api/meetings/{caseId}/end ('End Call'; provider, the claimer only): the same idempotent
 * end as the timer's (features/meetings/end.ts). A call already over answers its `endedAt`; the
 * other refusals are the start rule's (another provider's case 403, an unstarted one 409).
 */
export const handler = httpHandler(routes.endMeeting, {
  successFlag: true,
  async handle({ params, session, log }) {
    const now = new Date();
    const bundle = await loadCase(params.caseId);
    const current = effectiveCase(bundle.case, now);
    const mine = current.claimedBy === session.subjectId;
    // Over already (a completion or a no-show, docs/adr/0023): the same end is answered.
    const over = current.status === 'completed' || isPatientNoShow(current);
    if (!(mine && over)) {
      const refusal = startRuleRefusal(bundle, session.subjectId, now);
      if (refusal) throw refusal;
      if (current.status !== 'in_call')
        throw conflict(startRuleMessages.wrongStatus(current.status));
    }
    const ended = await endMeeting(params.caseId, 'provider', log, now);
    if (ended.outcome === 'ended' || ended.outcome === 'already_ended') {
      return { body: { success: true as const, endedAt: ended.endedAt } };
    }
    // The case moved between the check and the end (it cannot, short of a broken invariant).
    log.warn('meeting end refused', { caseId: params.caseId, outcome: ended.outcome });
    throw serviceUnavailable(startRuleMessages.failed);
  },
});
