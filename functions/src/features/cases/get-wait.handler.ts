import { getCaseRecord } from '#db/cases/bundle';
import { requirePatientKey } from '#lib/auth/patient-key';
import { notFound } from '#core/errors';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { CASE_NOT_FOUND } from './load';
import { caseWaitOf } from './queue-wait';

/**
 * GET /api/cases/{caseId}/wait: the waiting room's place in the queue and estimate (issue 28
 * item 5), for the holder of the patient's key only (403 without it, docs/adr/0012): the queue
 * is no stranger's business. Every waiting page asks again on each `QUEUE_MOVED`, so the case is
 * one GetItem (not its partition).
 */
export const handler = httpHandler(routes.getCaseWait, {
  async handle({ params, event }) {
    const caseRecord = await getCaseRecord(params.caseId);
    if (!caseRecord) throw notFound(CASE_NOT_FOUND);
    requirePatientKey(event, caseRecord);
    return { body: await caseWaitOf(caseRecord, new Date()) };
  },
});
