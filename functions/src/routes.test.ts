import { describe, expect, it } from 'vitest';
import { httpRoutes, notImplementedRoutes } from './routes';

describe('the route manifest', () => {
  it('takes method and path from each route contract', () => {
    for (const route of Object.values(httpRoutes)) {
      expect([route.method, route.path]).toEqual([route.contract.method, route.contract.path]);
    }
  });

  it('lists for the not-implemented handler exactly the routes that point at it', () => {
    const pointing = Object.values(httpRoutes).filter(
      (route) => route.handler === 'not-implemented',
    );
    expect(new Set(notImplementedRoutes)).toEqual(new Set(pointing));
  });
});
