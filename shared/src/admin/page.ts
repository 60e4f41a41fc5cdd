import { pageQuerySchema } from '../http/page';

/**
 * Page sizes of the admin lists (applications, cases, audit logs): the panel asks for
 * `ADMIN_PAGE_SIZE` and reads on with "Load more"; API clients may ask for up to the maximum.
 */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** `?cursor=&limit=` of the admin lists. */
export const adminPageQuerySchema = /* @__PURE__ */ pageQuerySchema(
  ADMIN_PAGE_SIZE,
  ADMIN_MAX_PAGE_SIZE,
);
