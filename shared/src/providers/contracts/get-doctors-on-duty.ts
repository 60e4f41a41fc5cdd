import * as z from 'zod';
import { defineRoute } from '../../http/contract';

export const doctorsOnDutySchema = /* @__PURE__ */ z.object({
  /** Doctors on duty now (shared/src/providers/on-duty.ts), each counted once. */
  onDuty: /* @__PURE__ */ z.number().int().nonnegative(),
});
export type DoctorsOnDuty = z.infer<typeof doctorsOnDutySchema>;

/**
 * How many doctors are on duty now (issue 28 item 4), for the landing and payment-choice pages:
 * public, a number and nothing else about anyone. The answer may be `DOCTORS_ON_DUTY_MAX_AGE_SECONDS`
 * old (cached by the server and the browser), well within the rule's own 120 s.
 */
export const getDoctorsOnDuty = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/doctors-on-duty',
  response: doctorsOnDutySchema,
});

/** How long one count serves: 10,000 landing pages do not each count. */
export const DOCTORS_ON_DUTY_MAX_AGE_SECONDS = 10;
