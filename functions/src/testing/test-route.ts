import type { RouteContract } from '@shared/http/contract';
import type { HttpRoute } from '../routes';

/**
 * A made-up POST route for tests of the handler framework (`lib/http/`): a public JSON route
 * under the cross-origin rule, with a small body limit, so tests reach each middleware without
 * a feature's own rules.
 */
export const postThingRoute: HttpRoute = {
  contract: { method: 'POST', path: '/api/things/{thingId}' },
  method: 'POST',
  path: '/api/things/{thingId}',
  handler: 'test',
  access: 'public',
  body: 'json',
  maxBodyBytes: 200,
  requireSameOrigin: true,
  beforePasswordChange: false,
};

/**
 * A public GET route of `contract` for tests of the handler framework (`lib/http/`): no body and
 * no cross-origin rule, so a test reaches its handler without a feature's own rules.
 */
export function publicGetRoute<Contract extends RouteContract<'GET'>>(
  contract: Contract,
): HttpRoute<Contract, 'public', 'none'> {
  return {
    contract,
    method: contract.method,
    path: contract.path,
    handler: 'test',
    access: 'public',
    body: 'none',
    maxBodyBytes: 0,
    requireSameOrigin: false,
    beforePasswordChange: false,
  };
}
