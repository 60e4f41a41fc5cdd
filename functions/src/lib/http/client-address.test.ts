import { afterEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '#testing/env';
import { cameThroughCloudFront, clientAddress, clientKey, clientKeyOf } from './client-address';

const SECRET = 'origin-verify-secret-for-tests';

afterEach(restoreEnv);

function event(headers: Record<string, string>, sourceIp = '130.176.0.1') {
  return { headers, requestContext: { http: { sourceIp } } };
}

describe('client address', () => {
  it('takes CloudFront-Viewer-Address on a request carrying the origin-verify secret', () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    const proven = event({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '198.51.100.7:51234',
    });
    expect(cameThroughCloudFront(proven)).toBe(true);
    expect(clientAddress(proven)).toBe('198.51.100.7');
  });

  it('checks against the secret configured now, not one it has checked against before', () => {
    const proof = (value: string) => event({ 'x-origin-verify': value });
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    expect(cameThroughCloudFront(proof(SECRET))).toBe(true);
    stubEnv({ ORIGIN_VERIFY_SECRET: `${SECRET}-rotated` });
    expect(cameThroughCloudFront(proof(SECRET))).toBe(false);
    expect(cameThroughCloudFront(proof(`${SECRET}-rotated`))).toBe(true);
  });

  it('reads an IPv6 viewer address (port after the last colon)', () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    const proven = event({
      'X-Origin-Verify': SECRET,
      'CloudFront-Viewer-Address': '2001:db8:85a3::8a2e:370:7334:443',
    });
    expect(clientAddress(proven)).toBe('2001:db8:85a3::8a2e:370:7334');
  });

  it.each([
    ['no origin-verify header', { 'cloudfront-viewer-address': '198.51.100.7:1' }],
    [
      'a wrong origin-verify value',
      { 'x-origin-verify': `${SECRET}x`, 'cloudfront-viewer-address': '198.51.100.7:1' },
    ],
    [
      'an empty origin-verify value',
      { 'x-origin-verify': '', 'cloudfront-viewer-address': '198.51.100.7:1' },
    ],
  ])('ignores a spoofed CloudFront-Viewer-Address with %s: the source address counts', (_l, h) => {
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    expect(clientAddress(event(h, '203.0.113.9'))).toBe('203.0.113.9');
  });

  it('trusts nothing when no secret is configured, even a matching-looking header', () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: '' });
    const headers = { 'x-origin-verify': '', 'cloudfront-viewer-address': '198.51.100.7:1' };
    expect(cameThroughCloudFront(event(headers))).toBe(false);
    expect(clientAddress(event(headers, '203.0.113.9'))).toBe('203.0.113.9');
  });

  it('falls back to the source address when the proven viewer address is malformed', () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    const headers = { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': 'garbage' };
    expect(clientAddress(event(headers, '203.0.113.9'))).toBe('203.0.113.9');
  });
});

describe('client key (what limits count)', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('puts two addresses of one /64 under one key, and of two /64s under two', () => {
    expect(clientKey('2001:db8:a:b::1')).toBe(clientKey('2001:db8:a:b:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:a:b::1')).not.toBe(clientKey('2001:db8:a:c::1'));
  });

  it('keys a proven IPv6 viewer by its /64', () => {
    stubEnv({ ORIGIN_VERIFY_SECRET: SECRET });
    const headers = {
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '2001:db8:a:b:1:2:3:4:5000',
    };
    expect(clientKeyOf(event(headers))).toBe('2001:db8:a:b::/64');
  });
});
