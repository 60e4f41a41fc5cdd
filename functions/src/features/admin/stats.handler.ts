import { listDoctorApplications } from '../../db/doctor-applications';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { computeStats } from './views';

/** GET /api/admin/stats */
export const handler = httpHandler(routes.adminStats, {
  async handle() {
    return { body: computeStats(await listDoctorApplications()) };
  },
});
