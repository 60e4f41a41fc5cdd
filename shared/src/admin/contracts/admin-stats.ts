import { defineRoute } from '../../http/contract';
import { adminStatsSchema } from '../stats';

export const adminStats = /* @__PURE__ */ defineRoute({
  method: 'GET',
  path: '/api/admin/stats',
  response: adminStatsSchema,
});
