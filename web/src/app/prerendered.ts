/** The attribute of `#root` that names the route a prerendered page was rendered for. */
export const PRERENDERED_ROUTE_ATTRIBUTE = 'data-prerendered-route';

/**
 * Whether the HTML in `#root` is what the app renders at `location`: the build prerendered the
 * route without a query, so it is the same when the path is that route's (any path for `*`,
 * which the site serves only for paths no route matches) and there is no query.
 */
export function canHydrate(
  container: Element,
  location: Pick<Location, 'pathname' | 'search'>,
): boolean {
  const route = container.getAttribute(PRERENDERED_ROUTE_ATTRIBUTE);
  if (route === null || location.search !== '') return false;
  return route === '*' || route === location.pathname;
}
