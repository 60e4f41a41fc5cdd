import { describe, expect, it } from 'vitest';
import { httpRoutes } from '#routes';
import { createRouter } from './router';

const route = createRouter(Object.values(httpRoutes));

describe('local gateway router', () => {
  it('matches every manifest route at its own path', () => {
    for (const entry of Object.values(httpRoutes)) {
      const path = entry.path.replace(/\{(\w+)\}/g, 'sample-$1');
      const match = route(entry.method, path);
      expect(match, `${entry.method} ${entry.path}`).toMatchObject({ route: entry });
    }
  });

  it('prefers literal segments over parameters, like API Gateway', () => {
    expect(route('GET', '/api/doctor-applications/status/APP-1')).toMatchObject({
      route: httpRoutes.getApplicationStatus,
      params: { applicationId: 'APP-1' },
    });
    expect(route('POST', '/api/cases/claim')).toMatchObject({ route: httpRoutes.claimCase });
  });

  it('decodes path parameters and reports broken encodings', () => {
    expect(route('GET', '/api/cases/a%20b/status')).toMatchObject({ params: { caseId: 'a b' } });
    expect(route('GET', '/api/cases/%E0%A4%A/status')).toBe('bad-encoding');
  });

  it('does not match unknown paths or methods', () => {
    expect(route('GET', '/api/nothing')).toBeNull();
    expect(route('DELETE', '/api/cases')).toBeNull();
    expect(route('GET', '/api/doctor-applications/status/')).toBeNull();
  });
});
