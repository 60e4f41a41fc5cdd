import { applicationCounters, applicationDayOf } from '#db/application-counters';
import { readWaitStats } from '#db/wait-stats';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { statsOf } from './views';

/**
 * GET /api/admin/stats: the six tiles, from counter items (never by reading applications), and
 * the wait estimate's accuracy (issue 28 item 5) from the wait statistics' counter.
 */
export const handler = httpHandler(routes.adminStats, {
  async handle() {
    const [counters, waitStats] = await Promise.all([
      applicationCounters(applicationDayOf(new Date().toISOString())),
      readWaitStats(),
    ]);
    const { within, total } = waitStats.accuracy;
    return {
      body: {
        ...statsOf(counters),
        waitEstimates: { withinTolerance: within, consultations: total },
      },
    };
  },
});
