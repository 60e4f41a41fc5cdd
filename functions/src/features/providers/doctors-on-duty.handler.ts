import {
  DOCTORS_ON_DUTY_MAX_AGE_SECONDS,
  type DoctorsOnDuty,
} from '@shared/providers/contracts/get-doctors-on-duty';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { countDoctorsOnDuty } from './on-duty';

/**
 * The last count this instance made, and when: every landing and payment-choice page asks every
 * 15 s, and one count per instance per `DOCTORS_ON_DUTY_MAX_AGE_SECONDS` serves them all
 * (the rule itself only changes its mind on a 120 s heartbeat scale).
 */
let lastCount: { answer: DoctorsOnDuty; at: number } | undefined;

/**
 * GET /api/doctors-on-duty (issue 28 item 4): how many doctors are on duty now, for the pages
 * before paying. Public and anonymous; a number and nothing else. The browser may keep it as long
 * as the server does. A table that cannot be read is 503 (the framework's answer), and the pages
 * then say nothing rather than something false.
 */
export const handler = httpHandler(routes.getDoctorsOnDuty, {
  async handle() {
    const now = Date.now();
    if (!lastCount || now - lastCount.at >= DOCTORS_ON_DUTY_MAX_AGE_SECONDS * 1000) {
      lastCount = { answer: { onDuty: await countDoctorsOnDuty(new Date(now)) }, at: now };
    }
    const age = Math.floor((now - lastCount.at) / 1000);
    return {
      body: lastCount.answer,
      headers: {
        'cache-control': `public, max-age=${Math.max(0, DOCTORS_ON_DUTY_MAX_AGE_SECONDS - age)}`,
      },
    };
  },
});
