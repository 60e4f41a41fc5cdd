/**
 * The part of Stripe.js (`window.Stripe`) the card payment page uses: embedded Checkout. Stripe
 * renamed `initEmbeddedCheckout` to `createEmbeddedCheckoutPage` (2026-03-25.dahlia); both take
 * the same options and resolve to the same object.
 */

export interface StripeEmbeddedCheckout {
  mount(target: HTMLElement | string): void;
  unmount(): void;
  destroy(): void;
}

export interface StripeEmbeddedCheckoutOptions {
  fetchClientSecret: () => Promise<string>;
  onComplete?: () => void;
}

export interface StripeInstance {
  initEmbeddedCheckout(options: StripeEmbeddedCheckoutOptions): Promise<StripeEmbeddedCheckout>;
  createEmbeddedCheckoutPage?(
    options: StripeEmbeddedCheckoutOptions,
  ): Promise<StripeEmbeddedCheckout>;
}

export type StripeConstructor = (publishableKey: string) => StripeInstance;

declare global {
  interface Window {
    /** Set by the Stripe.js script once it has run. */
    Stripe?: StripeConstructor;
  }
}
