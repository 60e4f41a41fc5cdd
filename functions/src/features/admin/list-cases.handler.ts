import type { AdminCasePage } from '@shared/admin/api';
import { allCasesList, listCasePage } from '#db/cases/lists';
import { getPatients } from '#db/patients';
import { getCurrentPayments } from '#db/payments';
import { httpHandler } from '#lib/http/handler';
import * as routes from '#routes';
import { recordCaseAccess } from '../cases/access-records';
import { decodeCursor, encodeCursor } from '../cases/case-list-cursor';
import { toAdminCaseRow } from './views';

/**
 * GET /api/admin/cases?cursor=&limit=: one page of the case overview, newest first, each row with
 * where its money stands (docs/adr/0024). The rows carry patients' names, emails and symptoms, so each page answered is recorded as an access to
 * the cases on it.
 */
export const handler = httpHandler(routes.adminListCases, {
  async handle({ query, session, event }) {
    const page = await listCasePage(
      allCasesList,
      query.limit,
      query.cursor ? decodeCursor('admin-cases', query.cursor) : undefined,
    );
    const [patients, payments] = await Promise.all([
      getPatients(page.cases.map((caseRecord) => caseRecord.patientId)),
      getCurrentPayments(page.cases.map((caseRecord) => caseRecord.id)),
    ]);
    const body: AdminCasePage = {
      items: page.cases.map((caseRecord) =>
        toAdminCaseRow(
          caseRecord,
          patients.get(caseRecord.patientId) ?? null,
          payments.get(caseRecord.id) ?? null,
        ),
      ),
      nextCursor: page.lastSortKey ? encodeCursor('admin-cases', page.lastSortKey) : null,
    };
    // An empty page showed no one's data: nothing to record.
    if (body.items.length > 0) {
      await recordCaseAccess(
        { session, event },
        'ADMIN_CASES_VIEWED',
        body.items.map((row) => row.id),
      );
    }
    return { body };
  },
});
