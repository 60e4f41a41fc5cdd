/**
 * Headers on every API answer (DESIGN.md §6). API answers are JSON that no page should frame,
 * cache or sniff; the site's own CSP is set by CloudFront and by the local gateway.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
