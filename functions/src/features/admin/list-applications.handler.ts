import { listDoctorApplications } from '../../db/doctor-applications';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { filterApplications, toAdminApplication } from './views';

/** GET /api/admin/applications?status=&search= (newest first). */
export const handler = httpHandler(routes.adminListApplications, {
  async handle({ query }) {
    const records = filterApplications(await listDoctorApplications(), query);
    return { body: records.map(toAdminApplication) };
  },
});
