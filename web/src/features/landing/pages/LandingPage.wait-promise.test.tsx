// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getClientConfig } from '@shared/config/contracts';
import { type ApiMock, reply } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { TEST_CONFIG } from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import LandingPage from './LandingPage';

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

describe('the landing’s wait promise (issue 28 item 3)', () => {
  it('states the server’s WAIT_PROMISE_MINUTES before any request is made', async () => {
    api.on(getClientConfig, () =>
      reply(getClientConfig, { ...TEST_CONFIG, waitPromiseMinutes: 45 }),
    );
    renderRoutes([{ path: '/', element: <LandingPage /> }], { initialEntries: ['/'] });
    await advance();
    expect(screen.getByTestId('wait-promise').textContent).toBe(
      'If no doctor starts your consultation within 45 minutes, you will not be charged',
    );
  });
});
