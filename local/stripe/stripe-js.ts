/**
 * `GET /v3/stripe.js`: the part of Stripe.js the web app uses, for the browser.
 *
 * `window.Stripe(publishableKey)` returns an object with `initEmbeddedCheckout(options)` and its
 * current name `createEmbeddedCheckoutPage(options)` (Stripe.js renamed it in 2026-03-25.dahlia;
 * options and result are the same). Options: `fetchClientSecret` (preferred) or `clientSecret`,
 * and `onComplete`. The promise resolves with `{ mount(selectorOrElement), unmount(), destroy() }`.
 * `mount` renders an iframe of `/checkout/{id}?embedded=1`; when the page inside reports
 * `{ type: 'local-stripe:complete', sessionId }`, `onComplete` is called if given, otherwise the
 * top window goes to the session's return_url. (A session created with
 * `redirect_on_completion: 'always'` always goes to return_url, as with Stripe.)
 *
 * The server's origin comes from the script's own URL; `fallbackBaseUrl` is used when that is
 * not available (e.g. the script was evaluated rather than loaded).
 */
export function stripeJsSource(fallbackBaseUrl: string): string {
  return `/* Local Stripe stand-in: a tiny subset of Stripe.js (embedded Checkout only). */
(function () {
  'use strict';
  var base = ${JSON.stringify(fallbackBaseUrl).replaceAll('<', '\\u003c')};
  try {
    var current = document.currentScript;
    if (current && current.src) base = new URL(current.src).origin;
  } catch (e) {
    /* keep the fallback */
  }
  var baseOrigin = new URL(base).origin;
  var active = null;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  function sessionIdFromSecret(secret) {
    if (typeof secret !== 'string') {
      throw integrationError('Invalid client secret: the Checkout Session client secret should be a string.');
    }
    var at = secret.indexOf('_secret_');
    if (secret.indexOf('cs_') !== 0 || at < 0) {
      throw integrationError('Invalid client secret: expected the client_secret of a Checkout Session (cs_..._secret_...).');
    }
    return secret.slice(0, at);
  }

  function resolveElement(target) {
    if (typeof target === 'string') {
      var found = document.querySelector(target);
      if (!found) {
        throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
      }
      return found;
    }
    if (target && target.nodeType === 1) return target;
    throw integrationError('Invalid DOM element. Call mount() with a DOM element or a CSS selector.');
  }

  function createEmbeddedCheckout(options) {
    options = options || {};
    if (active) {
      return Promise.reject(integrationError('You cannot have multiple Embedded Checkout objects. Call destroy() on the existing one first.'));
    }
    var hasSecret = typeof options.clientSecret === 'string';
    var hasFetch = typeof options.fetchClientSecret === 'function';
    if (hasSecret === hasFetch) {
      return Promise.reject(integrationError('Embedded Checkout needs exactly one of fetchClientSecret or clientSecret.'));
    }
    var instance = { destroyed: false };
    active = instance;
    var secret = hasFetch
      ? Promise.resolve().then(function () { return options.fetchClientSecret(); })
      : Promise.resolve(options.clientSecret);
    return secret
      .then(function (clientSecret) {
        var sessionId = sessionIdFromSecret(clientSecret);
        var iframe = null;

        function onMessage(event) {
          if (!iframe || event.source !== iframe.contentWindow || event.origin !== baseOrigin) return;
          var data = event.data;
          if (!data || typeof data !== 'object' || data.sessionId !== sessionId) return;
          if (data.type === 'local-stripe:resize' && typeof data.height === 'number') {
            iframe.style.height = Math.ceil(data.height) + 'px';
          } else if (data.type === 'local-stripe:complete') {
            if (typeof options.onComplete === 'function' && data.redirectOnCompletion !== 'always') {
              options.onComplete();
            } else if (data.returnUrl) {
              window.top.location.href = data.returnUrl;
            }
          }
        }
        window.addEventListener('message', onMessage);

        var checkout = {
          mount: function (target) {
            if (instance.destroyed) throw integrationError('This Embedded Checkout has been destroyed.');
            if (iframe) throw integrationError('This Embedded Checkout is already mounted.');
            var container = resolveElement(target);
            iframe = document.createElement('iframe');
            iframe.src = base + '/checkout/' + encodeURIComponent(sessionId) + '?embedded=1';
            iframe.title = 'Secure checkout';
            iframe.setAttribute('allow', 'payment');
            iframe.style.width = '100%';
            iframe.style.minHeight = '36rem';
            iframe.style.border = '0';
            iframe.style.display = 'block';
            container.appendChild(iframe);
          },
          unmount: function () {
            if (iframe && iframe.parentNode) iframe.parentNode.removeChild(iframe);
            iframe = null;
          },
          destroy: function () {
            checkout.unmount();
            window.removeEventListener('message', onMessage);
            instance.destroyed = true;
            if (active === instance) active = null;
          }
        };
        return checkout;
      })
      .catch(function (error) {
        if (active === instance) active = null;
        throw error;
      });
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw integrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + typeof publishableKey + '.');
    }
    if (/^(sk|rk)_/.test(publishableKey)) {
      throw integrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    }
    return {
      initEmbeddedCheckout: createEmbeddedCheckout,
      createEmbeddedCheckoutPage: createEmbeddedCheckout
    };
  }
  Stripe.version = 3;
  Stripe.local = true;
  window.Stripe = Stripe;
})();
`;
}
