import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../case-id';
import { caseWaitResponseSchema } from '../queue-wait';

/**
 * The waiting room's place and estimate (issue 28 item 5), for the holder of the patient's key
 * (docs/adr/0012). Fetched on the visit page while the case waits, and again on `QUEUE_MOVED`.
 */
export const getCaseWait = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/cases/{caseId}/wait',
  params: caseParamsSchema,
  response: caseWaitResponseSchema,
});
