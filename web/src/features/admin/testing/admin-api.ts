import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import {
  adminListApplications,
  adminListCases,
  adminListLogs,
  adminLogin,
  adminLoginCode,
  adminLogout,
  adminStats,
} from '@shared/admin/contracts';
import { getClientConfig } from '@shared/config/contracts';
import { listApplicationAttachments } from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { json, mockApi, noContent, reply, routeOf, type Answer } from '@web/testing/api-mock';
import { installDialogPolyfill } from '@web/testing/dom';
import { TEST_CONFIG } from '@web/testing/fixtures';
import { resetDom } from '@web/testing/render';
import * as fixtures from './admin-fixtures';

/** The attachments route of the first fixture application (by the list item's id). */
export const FIRST_ATTACHMENTS = `GET ${pathOf(listApplicationAttachments, {
  applicationId: fixtures.applications[0]!.id,
})}`;

/** A whole list as one page. */
const onePage = <Item>(items: Item[]) => ({ items, nextCursor: null });

/**
 * The admin API with the fixtures' answers; `overrides` replace them by route. Unknown routes
 * answer 404, as the server does.
 */
export function mockAdminApi(overrides: Record<string, Answer> = {}) {
  return mockApi(
    {
      [routeOf(adminLogin)]: () =>
        reply(adminLogin, { step: 'code', pendingSignIn: fixtures.PENDING_SIGN_IN }),
      [routeOf(adminLoginCode)]: () =>
        reply(adminLoginCode, { token: fixtures.TOKEN, adminId: fixtures.ADMIN_ID }),
      [routeOf(adminLogout)]: noContent,
      [routeOf(adminStats)]: () => reply(adminStats, fixtures.stats),
      [routeOf(adminListApplications)]: () =>
        reply(adminListApplications, onePage(fixtures.applications)),
      [routeOf(adminListCases)]: () => reply(adminListCases, onePage(fixtures.cases)),
      [routeOf(adminListLogs)]: () => reply(adminListLogs, onePage(fixtures.logs)),
      [FIRST_ATTACHMENTS]: () => reply(listApplicationAttachments, fixtures.attachments),
      // Public: the System Status card shows its triage region.
      [routeOf(getClientConfig)]: () => reply(getClientConfig, TEST_CONFIG),
      ...overrides,
    },
    { unmatched: () => json({ message: 'Not Found' }, 404) },
  );
}

/** Signs in as the fixtures' admin before the page renders. */
export function storeAdminSession(): void {
  localStorage.setItem('adminToken', fixtures.TOKEN);
  localStorage.setItem('adminId', fixtures.ADMIN_ID);
}

/** The hooks of the tab tests: a signed-in admin per test, a clean page and fetch after it. */
export function signInAdminForEachTest(): void {
  beforeAll(installDialogPolyfill);
  beforeEach(() => {
    localStorage.clear();
    storeAdminSession();
  });
  afterEach(() => {
    resetDom();
    vi.unstubAllGlobals();
  });
}
