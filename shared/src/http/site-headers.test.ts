import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, stripeOrigins } from './site-headers';

describe('contentSecurityPolicy', () => {
  const uploadsOrigin = 'https://telehealth-dev-uploads-123-us-east-1.s3.us-east-1.amazonaws.com';
  const csp = contentSecurityPolicy({ uploadsOrigin, paymentOrigins: stripeOrigins });
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((entry) => entry.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('allows scripts only from the app and the payment provider: no inline, no eval', () => {
    expect(directive('script-src')).toEqual(["'self'", ...stripeOrigins]);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(directive('default-src')).toEqual(["'self'"]);
  });

  it('forbids framing the app and plugins', () => {
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'self'"]);
  });

  it('frames only the checkout and uploaded documents', () => {
    expect(directive('frame-src')).toEqual([...stripeOrigins, uploadsOrigin]);
  });

  it('lets the browser POST to and read from the uploads bucket', () => {
    expect(directive('connect-src')).toEqual(["'self'", uploadsOrigin, ...stripeOrigins]);
    expect(directive('img-src')).toContain(uploadsOrigin);
    expect(directive('media-src')).toContain(uploadsOrigin);
  });

  it('allows blob workers (voice-note encoder) and blob media', () => {
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('media-src')).toContain('blob:');
  });

  it('fits CloudFront’s limit for the header value', () => {
    expect(csp.length).toBeLessThan(1783);
  });
});
