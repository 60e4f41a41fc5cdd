/**
 * The site's Content-Security-Policy, used by CloudFront (infra) and the local gateway, so the
 * policy a developer sees locally is the one production sends. Scripts come only from the app
 * and the card payment provider; styles may be inline because Radix positions with style
 * attributes; frames only for the payment provider's checkout and document previews.
 */
export interface CspSources {
  /** e.g. `https://js.stripe.com https://checkout.stripe.com`, or the local Stripe stand-in. */
  paymentOrigins: readonly string[];
  /** Where uploaded files are fetched from and posted to (presigned S3 URLs). */
  uploadOrigins: readonly string[];
}

export function contentSecurityPolicy({ paymentOrigins, uploadOrigins }: CspSources): string {
  const payment = paymentOrigins.join(' ');
  const uploads = uploadOrigins.join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', `'self' ${payment}`],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob: ${uploads}`],
    ['media-src', `'self' blob: ${uploads}`],
    ['font-src', "'self' data:"],
    ['connect-src', `'self' ${payment} ${uploads}`],
    ['frame-src', `'self' ${payment} ${uploads}`],
    ['worker-src', "'self' blob:"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', `'self' ${payment}`],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value.trim()}`.replace(/\s+/g, ' ')).join('; ');
}
