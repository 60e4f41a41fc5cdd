import type { HttpRoute } from '#routes';

export interface RouteMatch {
  route: HttpRoute;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  paramNames: string[];
  literalSegments: number;
}

function compile(route: HttpRoute): CompiledRoute {
  const paramNames: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const pattern = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        paramNames.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return {
    route,
    pattern: new RegExp(`^/${pattern}/?$`),
    paramNames,
    literalSegments: segments.length - paramNames.length,
  };
}

/**
 * Matches requests to manifest routes the way API Gateway does: the most specific route wins
 * (more literal segments first), path parameters are URL-decoded, and anything unmatched is a
 * 404 (API Gateway answers an unknown method the same way).
 */
export function createRouter(routes: readonly HttpRoute[]) {
  const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
  return (method: string, path: string): RouteMatch | null | 'bad-encoding' => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        candidate.paramNames.forEach((name, index) => {
          params[name] = decodeURIComponent(match[index + 1]!);
        });
      } catch {
        return 'bad-encoding';
      }
      return { route: candidate.route, params };
    }
    return null;
  };
}
