import * as z from 'zod';

/** The answer of a route that replies 204 without a body. */
export const noContentSchema = z.void();
