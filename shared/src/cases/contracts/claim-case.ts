import { defineRoute } from '../../http/contract';

/** Not built yet (provider dashboard issue): the case id travels in the body. */
export const claimCase = /* @__PURE__ */ defineRoute({ method: 'POST', path: '/api/cases/claim' });
