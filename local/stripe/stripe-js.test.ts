// @vitest-environment jsdom
import { Script } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stripeJsSource } from './stripe-js';

const BASE = 'http://127.0.0.1:12111';
const SECRET = 'cs_test_abc123_secret_xyz';

interface EmbeddedCheckout {
  mount(target: string | Element): void;
  unmount(): void;
  destroy(): void;
}
interface LocalStripeJs {
  initEmbeddedCheckout(options: {
    clientSecret?: string;
    fetchClientSecret?: () => Promise<string>;
    onComplete?: () => void;
  }): Promise<EmbeddedCheckout>;
  createEmbeddedCheckoutPage: LocalStripeJs['initEmbeddedCheckout'];
}

/** Runs the script against the page's globals (no <script src>, so the fallback base is used). */
function load(): (key: string) => LocalStripeJs {
  new Script(stripeJsSource(BASE)).runInThisContext();
  return (window as unknown as { Stripe: (key: string) => LocalStripeJs }).Stripe;
}

function post(iframe: HTMLIFrameElement, data: unknown, origin = BASE): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe.contentWindow }));
}

beforeEach(() => {
  document.body.innerHTML = '<div id="checkout"></div>';
});

describe('served stripe.js', () => {
  it('parses as a script', () => {
    expect(() => new Script(stripeJsSource(BASE))).not.toThrow();
  });

  it('mounts an iframe of the checkout page and calls onComplete when it reports completion', async () => {
    const Stripe = load();
    const onComplete = vi.fn();
    const checkout = await Stripe('pk_test_123').initEmbeddedCheckout({
      fetchClientSecret: () => Promise.resolve(SECRET),
      onComplete,
    });
    checkout.mount('#checkout');
    const iframe = document.querySelector<HTMLIFrameElement>('#checkout iframe');
    expect(iframe?.src).toBe(`${BASE}/checkout/cs_test_abc123?embedded=1`);
    expect(iframe?.title).toBe('Secure checkout');
    if (!iframe) return;

    const complete = {
      type: 'local-stripe:complete',
      sessionId: 'cs_test_abc123',
      returnUrl: null,
    };
    post(iframe, complete, 'http://evil.test'); // another origin: ignored
    post(iframe, { ...complete, sessionId: 'cs_test_other' }); // another session: ignored
    expect(onComplete).not.toHaveBeenCalled();
    post(iframe, { type: 'local-stripe:resize', sessionId: 'cs_test_abc123', height: 700 });
    expect(iframe.style.height).toBe('700px');
    post(iframe, complete);
    expect(onComplete).toHaveBeenCalledTimes(1);

    checkout.destroy();
    expect(document.querySelector('#checkout iframe')).toBeNull();
  });

  it('allows one instance at a time, and answers to the current Stripe.js name too', async () => {
    const stripe = load()('pk_test_123');
    const first = await stripe.createEmbeddedCheckoutPage({ clientSecret: SECRET });
    await expect(stripe.initEmbeddedCheckout({ clientSecret: SECRET })).rejects.toThrow(/multiple/);
    first.destroy();
    const second = await stripe.initEmbeddedCheckout({ clientSecret: SECRET });
    second.mount(document.createElement('div'));
    second.destroy();
  });

  it('rejects bad client secrets and secret keys', async () => {
    const Stripe = load();
    await expect(
      Stripe('pk_test_1').initEmbeddedCheckout({ clientSecret: 'pi_123_secret_x' }),
    ).rejects.toThrow(/client secret/);
    expect(() => Stripe('sk_test_123')).toThrow(/secret key/);
  });
});
