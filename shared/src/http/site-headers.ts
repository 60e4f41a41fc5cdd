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
  /** Where the card payment provider's script, frames and API calls come from. */
  readonly payment: PaymentSources;
}

/** The origins each CSP directive must allow for the payment page, and no more. */
export interface PaymentSources {
  /** `script-src`: the provider's script (Stripe.js). */
  readonly script: readonly string[];
  /** `frame-src`: the frames the script mounts in the page (its controller, the checkout). */
  readonly frame: readonly string[];
  /** `connect-src`: what the script fetches from the page itself. */
  readonly connect: readonly string[];
}

/**
 * What Stripe.js with Embedded Checkout needs in the page, per Stripe's integration security
 * guide (docs/security.md, "Content-Security-Policy"): the script from js.stripe.com only, its
 * hidden controller frame (js.stripe.com) and the checkout frame (checkout.stripe.com), and
 * calls to the API and checkout. 3-D Secure and wallets run inside the checkout frame, whose
 * own policy governs what it embeds; card data never touches this page.
 */
export const stripeSources: PaymentSources = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
};

/** A stand-in serving script, checkout page and API from one origin (the local Stripe). */
export function singleOriginPaymentSources(origin: string): PaymentSources {
  return { script: [origin], frame: [origin], connect: [origin] };
}

/**
 * The Content-Security-Policy of the web app:
 * - scripts only from the app's own origin and the payment provider's script origin: no inline
 *   scripts, no eval (the built index.html loads one module file and nothing inline);
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
  const { payment, uploadsOrigin } = options;
  const directives: [string, readonly string[]][] = [
    ['default-src', [self]],
    ['script-src', [self, ...payment.script]],
    ['style-src', [self, "'unsafe-inline'"]],
    ['img-src', [self, 'data:', 'blob:', uploadsOrigin]],
    ['media-src', [self, 'blob:', uploadsOrigin]],
    ['font-src', [self, 'data:']],
    ['connect-src', [self, uploadsOrigin, ...payment.connect]],
    ['worker-src', [self, 'blob:']],
    ['manifest-src', [self]],
    ['frame-src', [...payment.frame, uploadsOrigin]],
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
