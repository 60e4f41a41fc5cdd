import { describe, expect, it } from 'vitest';
import { createAuthorizerCache } from './authorizer-cache';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the local gateway’s cache of the origin authorizer’s answers (as API Gateway’s)', () => {
  it('keeps a yes and a no per header value until the TTL has passed', () => {
    const time = clock();
    const cache = createAuthorizerCache(300, time.now);
    cache.set('cloudfront-value', true);
    cache.set('guessed', false);
    time.advance(299_999);
    expect(cache.get('cloudfront-value')).toBe(true);
    expect(cache.get('guessed')).toBe(false);
    expect(cache.get('never-asked')).toBeUndefined();
    time.advance(1);
    expect(cache.get('cloudfront-value')).toBeUndefined();
    expect(cache.get('guessed')).toBeUndefined();
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = createAuthorizerCache(0, clock().now);
    cache.set('cloudfront-value', true);
    expect(cache.get('cloudfront-value')).toBeUndefined();
  });

  it('keeps each gateway’s answers apart', () => {
    const time = clock();
    const one = createAuthorizerCache(300, time.now);
    const other = createAuthorizerCache(300, time.now);
    one.set('value', true);
    expect(other.get('value')).toBeUndefined();
  });
});
