import { listRecentCases } from '../../db/cases';
import { getPatients } from '../../db/patients';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { toAdminCaseRow } from './views';

/** GET /api/admin/cases: the case overview, newest first. */
export const handler = httpHandler(routes.adminListCases, {
  async handle() {
    const cases = await listRecentCases();
    const patients = await getPatients(cases.map((caseRecord) => caseRecord.patientId));
    return {
      body: cases.map((caseRecord) =>
        toAdminCaseRow(caseRecord, patients.get(caseRecord.patientId) ?? null),
      ),
    };
  },
});
