import type {
  StripeEmbeddedCheckout,
  StripeEmbeddedCheckoutOptions,
  StripeConstructor,
} from '../types/stripe-js';

const loading = new Map<string, Promise<StripeConstructor>>();

/**
 * Loads Stripe.js from `src` once: the `<script>` is appended on the first call and every call
 * while it loads shares the same promise. A failed load is forgotten (and its tag removed) so a
 * later visit can try again.
 */
export function loadStripeJs(src: string): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  const cached = loading.get(src);
  if (cached) return cached;

  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  const promise = new Promise<StripeConstructor>((resolve, reject) => {
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else reject(new Error('Stripe.js loaded but did not define window.Stripe'));
    });
    script.addEventListener('error', () => reject(new Error('Stripe.js failed to load')));
  });
  // Only loads in flight are kept: once loaded, `window.Stripe` answers every later call.
  promise.then(
    () => loading.delete(src),
    () => {
      loading.delete(src);
      script.remove();
    },
  );
  document.head.appendChild(script);
  loading.set(src, promise);
  return promise;
}

/** Embedded Checkout under its current name when the loaded Stripe.js has it, else the old one. */
export function createEmbeddedCheckout(
  Stripe: StripeConstructor,
  publishableKey: string,
  options: StripeEmbeddedCheckoutOptions,
): Promise<StripeEmbeddedCheckout> {
  const stripe = Stripe(publishableKey);
  return stripe.createEmbeddedCheckoutPage
    ? stripe.createEmbeddedCheckoutPage(options)
    : stripe.initEmbeddedCheckout(options);
}
