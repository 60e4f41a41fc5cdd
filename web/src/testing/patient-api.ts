import { afterEach, beforeEach, vi } from 'vitest';
import { getClientConfig } from '@shared/config/contracts';
import { mockApi, reply, routeOf, serverError, type ApiMock } from './api-mock';
import { installFakeClock, restoreClock } from './clock';
import { TEST_CONFIG } from './fixtures';
import { resetDom } from './render';

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

/**
 * The hooks of a payment, visit or video page test: before each test the fake clock and
 * `mockPatientApi` (handed to `onApi`); after it the DOM, the clock and stubbed globals are reset.
 * A file adds its own `beforeEach`/`afterEach` for anything more.
 */
export function setupPatientPageTests(onApi?: (api: ApiMock) => void): void {
  beforeEach(() => {
    installFakeClock();
    const api = mockPatientApi();
    onApi?.(api);
  });
  afterEach(() => {
    resetDom();
    restoreClock();
    vi.unstubAllGlobals();
  });
}
