import type { AdminApplicationPage } from '@shared/admin/api';
import { listDoctorApplicationPage } from '#db/doctor-applications';
import { httpHandler } from '#lib/http/handler';
import { decodeListCursor, encodeListCursor } from '#lib/list-cursor';
import * as routes from '#routes';
import { APPLICATION_SORT_KEY } from './list-cursors';
import { applicationFilter, toAdminApplication } from './views';

/** Applications one request reads at most while it looks for a page of matches. */
const MAX_READ_PER_PAGE = 1000;
const LIST = 'admin-applications';

/**
 * GET /api/admin/applications?status=&search=&cursor=&limit=: one page of the matching
 * applications, newest first. A rare filter may answer a page shorter than `limit` (even empty)
 * with a `nextCursor`: the request stopped after reading its share; the next one reads on.
 */
export const handler = httpHandler(routes.adminListApplications, {
  async handle({ query }) {
    const page = await listDoctorApplicationPage({
      limit: query.limit,
      afterSortKey: query.cursor
        ? decodeListCursor(LIST, query.cursor, [APPLICATION_SORT_KEY])[0]
        : undefined,
      keep: applicationFilter(query),
      maxRead: MAX_READ_PER_PAGE,
    });
    const body: AdminApplicationPage = {
      items: page.applications.map(toAdminApplication),
      nextCursor: page.lastSortKey ? encodeListCursor(LIST, [page.lastSortKey]) : null,
    };
    return { body };
  },
});
