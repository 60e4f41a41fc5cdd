import { hash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { env } from '#core/env';
import { header } from './request';

/** The header CloudFront adds to every API request, carrying `ORIGIN_VERIFY_SECRET`. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

type AddressEvent = {
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { sourceIp?: string } };
};

// The one-shot `hash` (Node 20.12+): every API request digests the value it was given, and a
// `Hash` object per request costs about twice as much for a value this short.
const digest = (value: string) => hash('sha256', value, 'buffer');

// The accepted values' digests, kept while the values stay the same: every API request is
// checked (and a handler reading `clientIp` checks again), and only the given value changes.
const digests = new Map<string, Buffer>();
function digestOf(expected: string): Buffer {
  let known = digests.get(expected);
  if (!known) {
    // Two entries at most (current and previous); old values go with the rotation.
    if (digests.size >= 4) digests.clear();
    known = digest(expected);
    digests.set(expected, known);
  }
  return known;
}

/**
 * The values a request may carry: the current secret and, during a rotation, the previous one
 * (docs/deployment.md). None when the secret is missing or empty, and then nothing passes: a
 * missing value never turns the check off.
 */
export function acceptedOriginSecrets(): string[] {
  return [env.originVerifySecret, env.originVerifyPreviousSecret].filter((value): value is string =>
    Boolean(value),
  );
}

/**
 * Whether the request proves it came through our CloudFront distribution: it carries one of the
 * accepted values of the origin-verify secret, which the distribution adds (and overwrites when
 * a viewer sends the header itself). Compared in constant time (digests of equal length).
 */
export function cameThroughCloudFront(event: Pick<AddressEvent, 'headers'>): boolean {
  const given = header(event, ORIGIN_VERIFY_HEADER);
  if (given === undefined) return false;
  const givenDigest = digest(given);
  // Every accepted value is compared, so the time taken does not tell which one matched.
  return acceptedOriginSecrets().reduce(
    (matched, expected) => timingSafeEqual(givenDigest, digestOf(expected)) || matched,
    false,
  );
}

/** `ip:port` as CloudFront writes it (IPv6 unbracketed: the port follows the last colon). */
function viewerIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ip = value.slice(0, value.lastIndexOf(':')).trim();
  return isIPv4(ip) || isIPv6(ip) ? ip : undefined;
}

/**
 * The client's address. Behind CloudFront, API Gateway's `sourceIp` is an edge server, so the
 * address CloudFront reports (`CloudFront-Viewer-Address`) is used, but only on a request that
 * proves it came through the distribution: anyone can call API Gateway directly and send that
 * header, so without the proof the connecting address (`sourceIp`) is the client.
 */
export function clientAddress(event: AddressEvent): string {
  const viewer = cameThroughCloudFront(event)
    ? viewerIp(header(event, VIEWER_ADDRESS_HEADER))
    : undefined;
  return viewer ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, or undefined (embedded IPv4 is converted). */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split('%')[0]!.toLowerCase();
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded[1]!.split('.').map(Number) as [number, number, number, number];
    const high = ((a << 8) | b).toString(16);
    const low = ((c << 8) | d).toString(16);
    text = `${text.slice(0, embedded.index)}${high}:${low}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (piece: string) =>
    piece ? piece.split(':').map((group) => parseInt(group, 16)) : [];
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a client is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let one
 * client rotate through billions of them). IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The client as rate limits and sign-in delays count it. */
export function clientKeyOf(event: AddressEvent): string {
  return clientKey(clientAddress(event));
}
