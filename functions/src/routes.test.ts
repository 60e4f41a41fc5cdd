import { describe, expect, it } from 'vitest';
import { httpRoutes } from './routes';

describe('the route manifest', () => {
  it('takes method and path from each route contract', () => {
    for (const route of Object.values(httpRoutes)) {
      expect([route.method, route.path]).toEqual([route.contract.method, route.contract.path]);
    }
  });
});
