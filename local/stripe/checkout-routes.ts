import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkCard, type CardForm } from './cards';
import { completionScript, renderCheckoutForm, renderNotice } from './checkout-page';
import { BodyTooLargeError, readBody, redirect, sendHtml } from './http';
import type { SessionRecord } from './records';
import type { LocalStripeService } from './service';
import { isEmbedded } from './views';

/** The checkout page: `GET /checkout/{id}` and its form's `POST /checkout/{id}/pay`. */

export interface CheckoutContext {
  service: LocalStripeService;
  now: () => number;
}

const FORM_LIMIT_BYTES = 16 * 1024;

function fill(template: string, sessionId: string): string {
  return template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
}

/** Hosted pages refuse to be framed (as Stripe's do); embedded ones are made to be. */
function headers(nonce: string, frameable: boolean): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    'img-src data:',
    "base-uri 'none'",
    ...(frameable ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
  return { 'content-security-policy': csp, 'referrer-policy': 'same-origin' };
}

function notFound(res: ServerResponse, embedded: boolean): void {
  const nonce = randomBytes(16).toString('base64');
  sendHtml(
    res,
    404,
    renderNotice({
      title: 'Checkout session not found',
      message: 'This checkout link is not valid. Ask the merchant for a new one.',
      embedded,
      nonce,
    }),
    headers(nonce, true),
  );
}

/** The page for a session that can no longer be paid. */
function closedNotice(
  session: SessionRecord,
  embedded: boolean,
  nonce: string,
  justPaid: boolean,
): string {
  const hosted = !isEmbedded(session);
  if (session.status === 'expired') {
    return renderNotice({
      title: 'Checkout session expired',
      message:
        'This checkout session has expired, so it can no longer be paid. No payment was taken.',
      embedded,
      nonce,
      link: hosted && session.cancel_url ? { href: session.cancel_url, text: 'Return' } : null,
    });
  }
  if (!hosted && justPaid) {
    return renderNotice({
      title: 'Payment complete',
      message: 'Your payment was successful.',
      embedded,
      nonce,
      script: completionScript({
        type: 'local-stripe:complete',
        sessionId: session.id,
        returnUrl: session.return_url ? fill(session.return_url, session.id) : null,
        redirectOnCompletion: session.redirect_on_completion,
      }),
    });
  }
  return renderNotice({
    title: 'Payment complete',
    message: justPaid
      ? 'Your payment was successful.'
      : 'This checkout session has already been paid.',
    embedded,
    nonce,
    link:
      hosted && session.success_url
        ? { href: fill(session.success_url, session.id), text: 'Continue' }
        : null,
  });
}

/** What a checkout page is drawn from: its session, whether it is framed, its script's nonce. */
interface CheckoutPage {
  session: SessionRecord;
  embedded: boolean;
  nonce: string;
}

/**
 * The session a checkout page's URL names, whether the page is framed (`embedded=1`) and a
 * nonce for its script; none when there is no such session, after answering 404.
 */
async function pageFor(
  res: ServerResponse,
  url: URL,
  id: string,
  ctx: CheckoutContext,
): Promise<CheckoutPage | undefined> {
  const embedded = url.searchParams.get('embedded') === '1';
  const session = await ctx.service.findSession(id);
  if (!session) {
    notFound(res, embedded);
    return undefined;
  }
  return { session, embedded, nonce: randomBytes(16).toString('base64') };
}

function show(res: ServerResponse, url: URL, { session, embedded, nonce }: CheckoutPage): void {
  const html =
    session.status === 'open'
      ? renderCheckoutForm({ session, embedded, nonce })
      : closedNotice(session, embedded, nonce, url.searchParams.get('completed') === '1');
  sendHtml(res, 200, html, headers(nonce, isEmbedded(session)));
}

function readCardForm(body: string): CardForm {
  const form = new URLSearchParams(body);
  const get = (name: string) => form.get(name) ?? '';
  return {
    email: get('email'),
    card_number: get('card_number'),
    expiry: get('expiry'),
    cvc: get('cvc'),
    name: get('name'),
  };
}

async function pay(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  { session, embedded, nonce }: CheckoutPage,
  ctx: CheckoutContext,
): Promise<void> {
  const pageHeaders = headers(nonce, isEmbedded(session));
  if (session.status !== 'open') {
    sendHtml(res, 409, closedNotice(session, embedded, nonce, false), pageHeaders);
    return;
  }

  // A refused card re-renders the form with 200, as a browser form round trip should (4xx
  // answers would show up as console errors in the browser tests).
  const form = readCardForm(await readBody(req, FORM_LIMIT_BYTES));
  const values = { email: form.email, expiry: form.expiry, name: form.name };
  const check = checkCard(form, new Date(ctx.now()));
  if (check.outcome === 'invalid') {
    const html = renderCheckoutForm({ session, embedded, nonce, values, errors: check.errors });
    sendHtml(res, 200, html, pageHeaders);
    return;
  }
  if (check.outcome === 'declined') {
    const html = renderCheckoutForm({ session, embedded, nonce, values, formError: check.message });
    sendHtml(res, 200, html, pageHeaders);
    return;
  }

  const customer = { email: session.customer_email ?? form.email.trim(), name: form.name.trim() };
  const result = await ctx.service.paySession(id, check.card, customer);
  if (!result) return notFound(res, embedded);
  if (!result.paid) {
    sendHtml(res, 409, closedNotice(result.session, embedded, nonce, false), pageHeaders);
    return;
  }
  const done = `/checkout/${encodeURIComponent(id)}?completed=1${embedded ? '&embedded=1' : ''}`;
  if (isEmbedded(session) || !session.success_url) return redirect(res, done);
  redirect(res, fill(session.success_url, id));
}

/** Handles the request if it is a checkout page route; returns false otherwise. */
export async function handleCheckout(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: CheckoutContext,
): Promise<boolean> {
  const match = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
  if (!match?.[1]) return false;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    id = match[1];
  }
  try {
    const showing = !match[2] && (req.method === 'GET' || req.method === 'HEAD');
    const paying = !!match[2] && req.method === 'POST';
    if (showing || paying) {
      // Both look the session up first: an unknown one is a 404 page, before any body is read.
      const page = await pageFor(res, url, id, ctx);
      if (page && showing) show(res, url, page);
      if (page && paying) await pay(req, res, id, page, ctx);
      return true;
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendHtml(res, 413, 'Request too large');
      return true;
    }
    throw error;
  }
  return false;
}
