import { providerCaseMessages } from '@shared/cases/provider-case-messages';
import { startRuleMessages } from '@shared/meetings/start-rule';
import type { CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import type { MeetingRecord } from '#db/meetings';
import { conflict, forbidden, type HttpError } from '#core/errors';
import { effectiveCase } from '../cases/claim-lease';

/** A case whose call this provider may start or end, as it reads now. */
export interface OwnCall {
  case: CaseRecord;
  meeting: MeetingRecord;
}

/**
 * The consultation start rule (spec doc 2 §4), checked on the server for `start-timer` and
 * 'End Call': the case, as it reads at `now`, is claimed or in a call, by this provider, and
 * has its meeting. Otherwise the rule's message: an unclaimed or lapsed claim 409, another
 * provider's 403, another status 409 with it, no meeting (a nurse visit) 409.
 */
export function startRuleRefusal(
  bundle: CaseBundle,
  providerId: string,
  now: Date,
): HttpError | null {
  const current = effectiveCase(bundle.case, now);
  if (current.status === 'paid') {
    // A stale screen's start on the provider's own lapsed claim: say so (issue 27 item 4).
    return conflict(
      current.lapsedClaimBy === providerId
        ? providerCaseMessages.claimLapsed
        : startRuleMessages.notClaimed,
    );
  }
  if (current.status === 'claimed' || current.status === 'in_call') {
    if (current.claimedBy !== providerId) return forbidden(startRuleMessages.otherProvider);
    if (!bundle.meeting) return conflict(startRuleMessages.noMeeting);
    return null;
  }
  return conflict(startRuleMessages.wrongStatus(current.status));
}

/** The case and meeting if the rule allows this provider, else throws the rule's refusal. */
export function ownCall(bundle: CaseBundle, providerId: string, now: Date): OwnCall {
  const refusal = startRuleRefusal(bundle, providerId, now);
  if (refusal) throw refusal;
  return { case: bundle.case, meeting: bundle.meeting! };
}
