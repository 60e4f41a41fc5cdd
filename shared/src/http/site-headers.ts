/**
 * Security headers of the site (DESIGN.md §6), as plain data: CloudFront's ResponseHeadersPolicy
 * (infra) and the local gateway both send these, so a developer sees production's policy.
 */

export interface ContentSecurityPolicyOptions {
  /**
   * Origin of the uploads bucket (`https://{bucket}.s3.{region}.amazonaws.com`, or s3rver): the
   * browser POSTs files there (presigned POST) and loads attachments from there (presigned GET),
   * including PDFs previewed in a frame.
   */
  readonly uploadsOrigin: string;
  /** The card payment provider's script, API and embedded checkout frame. */
  readonly paymentOrigins: readonly string[];
}

/** What Stripe.js and Embedded Checkout load from in production. */
export const stripeOrigins = [
  'https://js.stripe.com',
  'https://api.stripe.com',
  'https://checkout.stripe.com',
] as const;

/**
 * The Content-Security-Policy of the web app:
 * - scripts only from the app's own origin and the payment provider: no inline scripts, no eval;
 * - `style-src 'unsafe-inline'`: UI primitives (Radix) set inline styles; styles cannot run code;
 * - `blob:` for workers (the WAV encoder of voice notes runs in a blob worker), media and images
 *   (recorded voice notes, previews before upload);
 * - `connect-src 'self'` covers `/api/*` and the same-origin `wss://…/ws`; WebRTC media is not
 *   subject to CSP;
 * - frames only for the payment provider's checkout and document previews; the app itself may
 *   not be framed (`frame-ancestors 'none'`); no plugins, no `<base>` tricks.
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const self = "'self'";
  const payment = [...options.paymentOrigins];
  const directives: [string, string[]][] = [
    ['default-src', [self]],
    ['script-src', [self, ...payment]],
    ['style-src', [self, "'unsafe-inline'"]],
    ['img-src', [self, 'data:', 'blob:', options.uploadsOrigin]],
    ['media-src', [self, 'blob:', options.uploadsOrigin]],
    ['font-src', [self, 'data:']],
    ['connect-src', [self, options.uploadsOrigin, ...payment]],
    ['worker-src', [self, 'blob:']],
    ['manifest-src', [self]],
    ['frame-src', [...payment, options.uploadsOrigin]],
    ['object-src', ["'none'"]],
    ['base-uri', [self]],
    ['form-action', [self]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Camera and microphone for the video room on the app's own origin; nothing else. */
export const permissionsPolicy =
  'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=()';

/** Two years, as HSTS preload lists expect. */
export const hstsMaxAgeSeconds = 63_072_000;

/** Referrer policy: ids in URLs are access keys, so they never reach other sites. */
export const referrerPolicy = 'same-origin';
