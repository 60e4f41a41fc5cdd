import type { CardField } from './cards';
import { formatAmount } from './money';
import type { SessionRecord } from './records';

/**
 * The checkout page's HTML: a plain form that works without JavaScript, labelled fields,
 * errors tied to their fields, and an alert for the whole form. Embedded pages (inside the
 * iframe that /v3/stripe.js mounts) carry a small script that reports their height and, after
 * payment, tells the parent page.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON safe to place inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f8fa; }
  body.embedded { background: #ffffff; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #ffffff; border: 1px solid #d8dee4; border-radius: 0.75rem; }
  body.embedded main { margin: 0 auto; border: 0; }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  .badge { display: inline-block; margin: 0 0 1rem; padding: 0.125rem 0.5rem; border-radius: 0.25rem; background: #fff4d6; color: #5c3c00; font-size: 0.875rem; font-weight: 600; }
  .summary { margin: 0 0 1.5rem; padding: 0; list-style: none; }
  .summary li { display: flex; justify-content: space-between; gap: 1rem; }
  .total { font-weight: 700; border-top: 1px solid #d8dee4; margin-top: 0.5rem; padding-top: 0.5rem; }
  .field { margin: 0 0 1rem; }
  .row { display: flex; gap: 1rem; }
  .row .field { flex: 1; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input { width: 100%; padding: 0.625rem 0.75rem; font: inherit; color: inherit; border: 1px solid #6e7781; border-radius: 0.375rem; background: #ffffff; }
  input[readonly] { background: #f6f8fa; }
  input:focus { outline: 3px solid #4f46e5; outline-offset: 1px; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .field-error { margin: 0.25rem 0 0; color: #b91c1c; font-size: 0.875rem; }
  .alert { margin: 0 0 1rem; padding: 0.75rem; border: 1px solid #b91c1c; border-radius: 0.375rem; background: #fef2f2; color: #7f1d1d; }
  fieldset { border: 0; margin: 0; padding: 0; }
  legend { font-weight: 600; margin-bottom: 0.5rem; padding: 0; }
  button { width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; color: #ffffff; background: #4f46e5; border: 0; border-radius: 0.375rem; cursor: pointer; }
  button:focus { outline: 3px solid #1a1f36; outline-offset: 2px; }
  a { color: #3730a3; }
  .actions { margin: 1rem 0 0; text-align: center; }
  details { margin-top: 1.5rem; font-size: 0.875rem; color: #4b5563; }
`;

export interface PageOptions {
  title: string;
  embedded: boolean;
  nonce: string;
  script?: string;
}

function page(options: PageOptions, content: string): string {
  const script = options.script
    ? `<script nonce="${options.nonce}">${options.script}</script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style nonce="${options.nonce}">${STYLE}</style>
</head>
<body${options.embedded ? ' class="embedded"' : ''}>
<main aria-label="Checkout">
<p class="badge">Test mode</p>
${content}
</main>
${script}
</body>
</html>
`;
}

/** Embedded pages report their height so the parent can size the iframe. */
function resizeScript(sessionId: string): string {
  return `(function () {
  var id = ${scriptJson(sessionId)};
  function post() {
    if (window.parent === window) return;
    window.parent.postMessage({ type: 'local-stripe:resize', sessionId: id, height: document.documentElement.scrollHeight }, '*');
  }
  window.addEventListener('load', post);
  window.addEventListener('resize', post);
  post();
})();`;
}

export interface FormValues {
  email?: string;
  expiry?: string;
  name?: string;
}

export interface CheckoutFormOptions {
  session: SessionRecord;
  embedded: boolean;
  nonce: string;
  values?: FormValues;
  errors?: Partial<Record<CardField, string>>;
  /** Shown in the alert (a decline); field errors get a generic alert instead. */
  formError?: string;
}

interface FieldSpec {
  name: CardField;
  label: string;
  type: string;
  autocomplete: string;
  value: string;
  extra?: string;
}

function field(spec: FieldSpec, error: string | undefined, autofocus: boolean): string {
  const errorId = `${spec.name}-error`;
  const attributes = [
    `id="${spec.name}"`,
    `name="${spec.name}"`,
    `type="${spec.type}"`,
    `autocomplete="${spec.autocomplete}"`,
    'required',
    spec.value ? `value="${escapeHtml(spec.value)}"` : '',
    spec.extra ?? '',
    error ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
    autofocus ? 'autofocus' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<div class="field">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<input ${attributes}>
${error ? `<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function renderCheckoutForm(options: CheckoutFormOptions): string {
  const { session, embedded, values = {}, errors = {}, formError } = options;
  const amount = formatAmount(session.amount_total, session.currency);
  const order: CardField[] = ['email', 'card_number', 'expiry', 'cvc', 'name'];
  const firstInvalid = formError ? 'card_number' : order.find((name) => errors[name]);
  const lockedEmail = session.customer_email;
  const spec = (name: CardField, s: Omit<FieldSpec, 'name'>) =>
    field({ name, ...s }, errors[name], firstInvalid === name);

  const items = session.line_items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${escapeHtml(formatAmount(item.unit_amount * item.quantity, item.currency))}</span></li>`,
    )
    .join('\n');
  const alert = formError
    ? `<div class="alert" role="alert">${escapeHtml(formError)}</div>`
    : Object.keys(errors).length > 0
      ? '<div class="alert" role="alert">Check the highlighted fields and try again.</div>'
      : '';
  const action = `/checkout/${encodeURIComponent(session.id)}/pay${embedded ? '?embedded=1' : ''}`;
  const cancel =
    !embedded && session.cancel_url
      ? `<p class="actions"><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
      : '';

  const content = `<h1>Checkout</h1>
<ul class="summary" aria-label="Order summary">
${items}
<li class="total"><span>Total due</span><span>${escapeHtml(amount)}</span></li>
</ul>
<form method="post" action="${escapeHtml(action)}" novalidate>
${alert}
${spec('email', {
  label: 'Email',
  type: 'email',
  autocomplete: 'email',
  value: lockedEmail ?? values.email ?? '',
  extra: lockedEmail ? 'readonly' : '',
})}
<fieldset>
<legend>Card information</legend>
${spec('card_number', {
  label: 'Card number',
  type: 'text',
  autocomplete: 'cc-number',
  value: '',
  extra: 'inputmode="numeric" placeholder="1234 1234 1234 1234"',
})}
<div class="row">
${spec('expiry', {
  label: 'Expiry (MM / YY)',
  type: 'text',
  autocomplete: 'cc-exp',
  value: values.expiry ?? '',
  extra: 'inputmode="numeric" placeholder="MM / YY"',
})}
${spec('cvc', {
  label: 'CVC',
  type: 'text',
  autocomplete: 'cc-csc',
  value: '',
  extra: 'inputmode="numeric" placeholder="CVC"',
})}
</div>
</fieldset>
${spec('name', {
  label: 'Name on card',
  type: 'text',
  autocomplete: 'cc-name',
  value: values.name ?? '',
})}
<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
${cancel}
<details>
<summary>Test cards</summary>
<ul>
<li>4242 4242 4242 4242: payment succeeds</li>
<li>4000 0000 0000 0002: card declined</li>
<li>Any future expiry date, any 3-digit CVC</li>
</ul>
</details>`;
  return page(
    {
      title: `Pay ${amount} · Checkout`,
      embedded,
      nonce: options.nonce,
      ...(embedded ? { script: resizeScript(session.id) } : {}),
    },
    content,
  );
}

export interface NoticeOptions {
  title: string;
  message: string;
  embedded: boolean;
  nonce: string;
  link?: { href: string; text: string } | null;
  /** Inline script to run (embedded completion). */
  script?: string;
}

export function renderNotice(options: NoticeOptions): string {
  const link = options.link
    ? `<p class="actions"><a href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>`
    : '';
  return page(
    {
      title: options.title,
      embedded: options.embedded,
      nonce: options.nonce,
      ...(options.script ? { script: options.script } : {}),
    },
    `<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${link}`,
  );
}

export interface CompletionMessage {
  type: 'local-stripe:complete';
  sessionId: string;
  /** return_url with `{CHECKOUT_SESSION_ID}` filled in; null with redirect_on_completion=never. */
  returnUrl: string | null;
  /** As sent when the session was created; null when not sent. */
  redirectOnCompletion: string | null;
}

/** Tells the embedding page that payment finished (or, opened on its own, goes to return_url). */
export function completionScript(message: CompletionMessage): string {
  return `(function () {
  var message = ${scriptJson(message)};
  if (window.parent !== window) {
    window.parent.postMessage(message, '*');
  } else if (message.returnUrl) {
    window.location.replace(message.returnUrl);
  }
})();
${resizeScript(message.sessionId)}`;
}
