import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '#testing/env';
import { HttpError } from '#core/errors';
import {
  assertSameOrigin,
  CROSS_SITE_MESSAGE,
  isCrossOriginAllowed,
  linkOnOrigin,
  pageOrigin,
} from './origin';

const APP = 'https://app.example.org';
const HOST = 'api.example.org';

beforeEach(() => stubEnv({ APP_ORIGIN: `${APP},http://127.0.0.1:3000` }));
afterEach(restoreEnv);

function request(method: string, headers: Record<string, string>) {
  return { headers: { host: HOST, ...headers }, requestContext: { http: { method } } };
}

function refusal(method: string, headers: Record<string, string>): unknown {
  try {
    assertSameOrigin(request(method, headers));
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('cross-origin rule (Go CrossOriginProtection)', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: APP }],
    ['Sec-Fetch-Site: none (address bar, bookmark)', { 'sec-fetch-site': 'none' }],
    // Sec-Fetch-Site wins over a foreign Origin: the browser itself says same-origin.
    [
      'Sec-Fetch-Site: same-origin with another Origin',
      { 'sec-fetch-site': 'same-origin', origin: 'https://x.example' },
    ],
    [
      'cross-site from a configured app origin (trusted)',
      { 'sec-fetch-site': 'cross-site', origin: APP },
    ],
    ['no Sec-Fetch-Site, the app origin', { origin: APP }],
    ['no Sec-Fetch-Site, the Origin of the host called', { origin: `https://${HOST}` }],
    ['neither header (a script, a server, a mobile app)', {}],
    ['an empty Origin, as Go reads it: absent', { origin: '' }],
  ])('allows a POST with %s', (_label, headers) => {
    expect(refusal('POST', headers)).toBeUndefined();
  });

  it.each([
    [
      'Sec-Fetch-Site: cross-site',
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.org' },
    ],
    ['an unknown Sec-Fetch-Site value', { 'sec-fetch-site': 'bogus' }],
    ['no Sec-Fetch-Site, a foreign Origin', { origin: 'https://evil.example' }],
    ['no Sec-Fetch-Site, Origin null (sandboxed frame)', { origin: 'null' }],
    ['no Sec-Fetch-Site, a malformed Origin', { origin: 'not a url' }],
    [
      'no Sec-Fetch-Site, the right host over another scheme port',
      { origin: `https://${HOST}:8443` },
    ],
  ])('refuses a POST with %s: 403 and the same message as before', (_label, headers) => {
    const error = refusal('POST', headers);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, message: CROSS_SITE_MESSAGE });
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'post'])('applies to %s', (method) => {
    expect(refusal(method, { 'sec-fetch-site': 'cross-site' })).toBeInstanceOf(HttpError);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('never refuses the safe method %s', (method) => {
    expect(
      refusal(method, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }),
    ).toBeUndefined();
  });

  it('reads headers in any case, as API Gateway and other callers send them', () => {
    const event = {
      headers: { 'Sec-Fetch-Site': 'Cross-Site', Origin: APP.replace('app', 'evil') },
    };
    expect(isCrossOriginAllowed(event, HOST)).toBe(false);
  });
});

describe('pageOrigin: the app address the person is using (issue 27 item 5)', () => {
  const get = (headers: Record<string, string>) => ({ headers: { host: HOST, ...headers } });

  it.each([
    [
      'a configured origin from Origin',
      { origin: 'http://127.0.0.1:3000' },
      'http://127.0.0.1:3000',
    ],
    ["a same-origin GET's Referer (no Origin)", { referer: `${APP}/provider-dashboard?x=1` }, APP],
    [
      'the host the request came to (a LAN address)',
      { referer: `https://${HOST}/visit/1` },
      `https://${HOST}`,
    ],
  ])('is %s', (_label, headers, expected) => {
    expect(pageOrigin(get(headers))).toBe(expected);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { referer: 'https://evil.example/page' }],
    ['neither header', {}],
    ['a malformed Referer', { referer: 'not a url' }],
  ])('is unknown for %s', (_label, headers) => {
    expect(pageOrigin(get(headers))).toBeUndefined();
  });
});

describe('linkOnOrigin (issue 27 item 5)', () => {
  const meetingId = '9b2f6c1e-3f4a-4a0b-9c55-0f7d2f1e8a11';
  const link = `https://app.example.org/room/${meetingId}?role=provider#token=t`;

  it('moves a stored link onto the origin the person uses, keeping path, query and token', () => {
    expect(linkOnOrigin(link, 'http://127.0.0.1:3000')).toBe(
      `http://127.0.0.1:3000/room/${meetingId}?role=provider#token=t`,
    );
  });

  it('keeps the link as stored without a known origin, and keeps no link as none', () => {
    expect(linkOnOrigin(link, undefined)).toBe(link);
    expect(linkOnOrigin(null, 'http://127.0.0.1:3000')).toBeNull();
  });
});
