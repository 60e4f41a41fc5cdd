/**
 * The query key of `GET /api/config`, in a module without the route contract: a page that must
 * not load zod up front (the intake forms) can still share the one cached answer.
 * `get-client-config.test.tsx` checks it is the contract's path.
 */
export const CLIENT_CONFIG_QUERY_KEY = ['/api/config'] as const;
