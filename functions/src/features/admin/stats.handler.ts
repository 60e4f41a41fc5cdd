import { applicationCounters, applicationDayOf } from '../../db/application-counters';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { statsOf } from './views';

/** GET /api/admin/stats: the six tiles, from counter items (never by reading applications). */
export const handler = httpHandler(routes.adminStats, {
  async handle() {
    const counters = await applicationCounters(applicationDayOf(new Date().toISOString()));
    return { body: statsOf(counters) };
  },
});
