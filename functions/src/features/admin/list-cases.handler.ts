import type { AdminCasePage } from '@shared/admin/api';
import { allCasesList, listCasePage } from '../../db/cases';
import { getPatients } from '../../db/patients';
import { httpHandler } from '../../lib/http/handler';
import * as routes from '../../routes';
import { decodeCursor, encodeCursor } from '../cases/case-list-cursor';
import { toAdminCaseRow } from './views';

/** GET /api/admin/cases?cursor=&limit=: one page of the case overview, newest first. */
export const handler = httpHandler(routes.adminListCases, {
  async handle({ query }) {
    const page = await listCasePage(
      allCasesList,
      query.limit,
      query.cursor ? decodeCursor('admin-cases', query.cursor) : undefined,
    );
    const patients = await getPatients(page.cases.map((caseRecord) => caseRecord.patientId));
    const body: AdminCasePage = {
      items: page.cases.map((caseRecord) =>
        toAdminCaseRow(caseRecord, patients.get(caseRecord.patientId) ?? null),
      ),
      nextCursor: page.lastSortKey ? encodeCursor('admin-cases', page.lastSortKey) : null,
    };
    return { body };
  },
});
