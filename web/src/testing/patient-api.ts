import { afterEach, beforeEach, vi } from 'vitest';
import { getClientConfig } from '@shared/config/contracts';
import { mockApi, reply, routeOf, serverError, type ApiMock } from './api-mock';
import { installFakeClock, restoreClock } from './clock';
import { keepPatientKey } from '@web/lib/patient-key';
import { CASE_ID, PATIENT_ID, PATIENT_KEY, TEST_CONFIG } from './fixtures';
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
 * The hooks of a payment, visit or video page test: before each test the fake clock,
 * `mockPatientApi` (handed to `onApi`) and, where the page has storage, the patient's key of the
 * fixture case and patient in it (the browser that made the request); after it the DOM, the
 * clock, storage and stubbed globals are reset.
 * A file adds its own `beforeEach`/`afterEach` for anything more.
 */
export function setupPatientPageTests(onApi?: (api: ApiMock) => void): void {
  beforeEach(() => {
    installFakeClock();
    if (typeof window !== 'undefined') keepPatientKey([CASE_ID, PATIENT_ID], PATIENT_KEY);
    const api = mockPatientApi();
    onApi?.(api);
  });
  afterEach(() => {
    resetDom();
    if (typeof window !== 'undefined') window.localStorage.clear();
    restoreClock();
    vi.unstubAllGlobals();
  });
}
