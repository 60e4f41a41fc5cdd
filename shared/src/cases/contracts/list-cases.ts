import { defineRoute } from '../../http/contract';

/** Not built yet (provider dashboard issue). */
export const listCases = /* @__PURE__ */ defineRoute({ method: 'GET', path: '/api/cases' });
