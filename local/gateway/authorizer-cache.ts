/**
 * API Gateway's cache of the HTTP API authorizer's answers (infra/lib/http-api.ts
 * `resultsCacheTtl`): an answer, yes or no, is kept per identity-source value for the TTL, so
 * CloudFront's one header value costs one authorizer run per TTL rather than one per request. A
 * failed run (500) is not kept. One cache per gateway: two local stacks in one process never share
 * answers.
 */
export interface AuthorizerCache {
  /** The kept answer for `value`, if one is younger than the TTL. */
  get(value: string): boolean | undefined;
  set(value: string, allowed: boolean): void;
}

export function createAuthorizerCache(
  ttlSeconds: number,
  now: () => number = Date.now,
): AuthorizerCache {
  const answers = new Map<string, { allowed: boolean; until: number }>();
  return {
    get(value) {
      const answer = answers.get(value);
      if (!answer) return undefined;
      if (now() < answer.until) return answer.allowed;
      answers.delete(value);
      return undefined;
    },
    set(value, allowed) {
      // A TTL of 0 turns the cache off, as API Gateway's `resultsCacheTtl: 0` does.
      if (ttlSeconds > 0) answers.set(value, { allowed, until: now() + ttlSeconds * 1000 });
    },
  };
}
