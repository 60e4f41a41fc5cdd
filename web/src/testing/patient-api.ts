import { getClientConfig } from '@shared/config/contracts';
import { mockApi, reply, routeOf, serverError, type ApiMock } from './api-mock';
import { TEST_CONFIG } from './fixtures';

/**
 * The API as the payment, visit and video pages see it: the runtime config answers, and a call
 * without an answer gets a 500, so a missing answer shows up as the page's error state.
 */
export function mockPatientApi(): ApiMock {
  return mockApi(
    { [routeOf(getClientConfig)]: () => reply(getClientConfig, TEST_CONFIG) },
    { unmatched: serverError },
  );
}
