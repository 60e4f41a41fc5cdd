import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, singleOriginPaymentSources, stripeSources } from './site-headers';

describe('contentSecurityPolicy', () => {
  const uploadsOrigin = 'https://telehealth-dev-uploads-123-us-east-1.s3.us-east-1.amazonaws.com';
  const csp = contentSecurityPolicy({ uploadsOrigin, payment: stripeSources });
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((entry) => entry.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('allows scripts only from the app and Stripe.js: no inline, no eval', () => {
    expect(directive('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(directive('default-src')).toEqual(["'self'"]);
  });

  it('forbids framing the app and plugins', () => {
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('base-uri')).toEqual(["'self'"]);
  });

  it('frames only Stripe.js, the embedded checkout and uploaded documents', () => {
    expect(directive('frame-src')).toEqual([
      'https://js.stripe.com',
      'https://checkout.stripe.com',
      uploadsOrigin,
    ]);
  });

  it('lets the browser POST to and read from the uploads bucket, and reach Stripe', () => {
    expect(directive('connect-src')).toEqual([
      "'self'",
      uploadsOrigin,
      'https://api.stripe.com',
      'https://checkout.stripe.com',
    ]);
    expect(directive('img-src')).toContain(uploadsOrigin);
    expect(directive('media-src')).toContain(uploadsOrigin);
  });

  it('allows blob workers (voice-note encoder) and blob media', () => {
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('media-src')).toContain('blob:');
  });

  it('names a local stand-in once per directive that needs it', () => {
    const local = contentSecurityPolicy({
      uploadsOrigin: 'http://127.0.0.1:4569',
      payment: singleOriginPaymentSources('http://127.0.0.1:12111'),
    });
    expect(local).toContain("script-src 'self' http://127.0.0.1:12111;");
    expect(local).toContain('frame-src http://127.0.0.1:12111 http://127.0.0.1:4569;');
  });

  it('fits CloudFront’s limit for the header value', () => {
    expect(csp.length).toBeLessThan(1783);
  });
});
