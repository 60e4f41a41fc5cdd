import { fireEvent, screen } from '@testing-library/react';
import { getClientConfig } from '@shared/config/contracts';
import { routeOf, type ApiMock } from '@web/testing/api-mock';

/** Presses the intake form's submit button. */
export function submit(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
}

/**
 * The routes of the requests the form sent, in order: all but `GET /api/config`, which the form
 * loads on its own for the analyser's region (TRIAGE_REGION).
 */
export function sentRoutes(api: ApiMock): string[] {
  return api
    .calls()
    .map((call) => call.route)
    .filter((route) => route !== routeOf(getClientConfig));
}
