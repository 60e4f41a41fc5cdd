import type { RouteContract } from '@shared/http/contract';
import type { HttpRoute } from '../routes';

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
