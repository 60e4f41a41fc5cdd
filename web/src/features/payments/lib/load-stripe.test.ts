// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StripeConstructor } from '../types/stripe-js';
import { createEmbeddedCheckout, loadStripeJs } from './load-stripe';

afterEach(() => {
  delete window.Stripe;
  document.head.innerHTML = '';
});

function scripts(src: string) {
  return [...document.head.querySelectorAll('script')].filter((script) => script.src === src);
}

describe('loadStripeJs', () => {
  it('appends the script once and shares one promise', async () => {
    const src = 'http://127.0.0.1:12111/v3/stripe.js';
    const first = loadStripeJs(src);
    const second = loadStripeJs(src);
    expect(second).toBe(first);
    expect(scripts(src)).toHaveLength(1);

    const Stripe = vi.fn() as unknown as StripeConstructor;
    window.Stripe = Stripe;
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Stripe);
  });

  it('keeps no finished load: without window.Stripe, a later call loads the script again', async () => {
    const src = 'http://127.0.0.1:12111/v3/reloaded.js';
    const first = loadStripeJs(src);
    window.Stripe = vi.fn();
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await first;
    delete window.Stripe;
    document.head.innerHTML = '';

    const again = loadStripeJs(src);
    expect(again).not.toBe(first);
    expect(scripts(src)).toHaveLength(1);
  });

  it('forgets a failed load so a later call tries again', async () => {
    const src = 'http://127.0.0.1:12111/v3/broken.js';
    const failed = loadStripeJs(src);
    scripts(src)[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Stripe.js failed to load');
    expect(scripts(src)).toHaveLength(0);

    const retry = loadStripeJs(src);
    expect(retry).not.toBe(failed);
    expect(scripts(src)).toHaveLength(1);
  });

  it('rejects when the script does not define window.Stripe', async () => {
    const src = 'http://127.0.0.1:12111/v3/empty.js';
    const loading = loadStripeJs(src);
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/did not define window.Stripe/);
  });

  it('uses an already loaded Stripe.js without adding a script', async () => {
    const Stripe = vi.fn() as unknown as StripeConstructor;
    window.Stripe = Stripe;
    await expect(loadStripeJs('http://example.test/stripe.js')).resolves.toBe(Stripe);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('createEmbeddedCheckout', () => {
  const options = { fetchClientSecret: () => Promise.resolve('cs_1_secret_2') };
  const checkout = { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };

  it('prefers createEmbeddedCheckoutPage', async () => {
    const current = vi.fn().mockResolvedValue(checkout);
    const legacy = vi.fn();
    const Stripe = vi.fn(() => ({
      createEmbeddedCheckoutPage: current,
      initEmbeddedCheckout: legacy,
    }));
    await expect(createEmbeddedCheckout(Stripe, 'pk_test_1', options)).resolves.toBe(checkout);
    expect(Stripe).toHaveBeenCalledWith('pk_test_1');
    expect(current).toHaveBeenCalledWith(options);
    expect(legacy).not.toHaveBeenCalled();
  });

  it('falls back to initEmbeddedCheckout', async () => {
    const legacy = vi.fn().mockResolvedValue(checkout);
    const Stripe = vi.fn(() => ({ initEmbeddedCheckout: legacy }));
    await expect(createEmbeddedCheckout(Stripe, 'pk_test_1', options)).resolves.toBe(checkout);
    expect(legacy).toHaveBeenCalledWith(options);
  });
});
