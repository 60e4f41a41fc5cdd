import { caseParamsSchema } from '../case-id';
import { defineRoute } from '../../http/contract';
import { nurseVisitStepRequestSchema, nurseVisitStepResponseSchema } from '../nurse-visit';

/**
 * Provider only, the nurse who claimed the home visit only (docs/adr/0022): records the visit's
 * time, or marks it done (completed) or the patient not reached (cancelled and refunded). A step
 * the case no longer allows is 409 with a message the dashboard shows.
 */
export const recordNurseVisit = /* @__PURE__ */ defineRoute({
  method: 'POST',
  path: '/api/cases/{caseId}/nurse-visit',
  params: caseParamsSchema,
  body: nurseVisitStepRequestSchema,
  response: nurseVisitStepResponseSchema,
});
