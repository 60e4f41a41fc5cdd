import { getClientConfig } from '@shared/config/contracts';
import {
  mockApi,
  networkError,
  reply,
  routeOf,
  type Answer,
  type ApiMock,
} from '@web/testing/api-mock';
import { TEST_CONFIG } from '@web/testing/fixtures';

const CONFIG_ROUTE = routeOf(getClientConfig);

export interface ApplicationApiMock extends ApiMock {
  /** The requests other than the runtime config. */
  apiCalls(): ReturnType<ApiMock['calls']>;
}

/**
 * The API of the application pages: the runtime config answers by default; any other route
 * without an answer fails as an unreachable server would.
 */
export function mockApplicationApi(routes: Record<string, Answer> = {}): ApplicationApiMock {
  const api = mockApi(
    { [CONFIG_ROUTE]: () => reply(getClientConfig, TEST_CONFIG), ...routes },
    { unmatched: networkError },
  );
  return {
    ...api,
    apiCalls: () => api.calls().filter((call) => call.route !== CONFIG_ROUTE),
  };
}
