import { defineRoute } from '../../http/contract';
import { caseParamsSchema } from '../../cases/case-id';
import { realtimeTicketResponseSchema } from '../api';

/**
 * A single-use ticket for the `/ws` connect of a patient page (issue 12): it grants only a
 * subscription to this case's `CASE_UPDATED` messages. No body; it needs the patient's key (403
 * without it, docs/adr/0012), and an unknown case is 404 as on the status routes.
 */
export const createCaseRealtimeTicket = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/realtime-ticket',
  params: caseParamsSchema,
  response: realtimeTicketResponseSchema,
});
