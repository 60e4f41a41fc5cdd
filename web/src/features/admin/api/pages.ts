import { ADMIN_PAGE_SIZE } from '@shared/admin/page';

/**
 * The paging of the admin lists (applications, cases, audit logs): the first page has no
 * cursor, each next one the `nextCursor` of the page before; a refresh reads again the pages
 * already shown.
 */
export const adminPaging = {
  initialPageParam: '',
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
} as const;

/** `?limit=&cursor=` of one page (no cursor for the first). */
export function pageQuery(cursor: string | undefined) {
  return { limit: ADMIN_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
}

/** The items of every page read so far, in list order. */
export function itemsOf<Item>(pages: readonly { items: Item[] }[] | undefined): Item[] {
  return pages?.flatMap((page) => page.items) ?? [];
}
