import { describe, expect, it } from 'vitest';
import { PRERENDERED_ROUTE_ATTRIBUTE } from '../src/app/prerendered';
import { pageHtml } from './plugin';
import { renderPage } from './render';
import { prerenderTargets } from './site-files';

/** The text of rendered HTML, tags dropped and entities kept simple. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('prerendered pages', { timeout: 60_000 }, () => {
  it('prerenders the landing, the payment-cancelled page and the not-found page', () => {
    expect(prerenderTargets().map(({ route, file }) => [route, file])).toEqual([
      ['/', '/index.html'],
      ['/payment-cancelled', '/payment-cancelled.html'],
      ['*', '/404.html'],
    ]);
  });

  it("renders the landing's visible text, links and status check, inside the landmarks", async () => {
    const html = await renderPage('/');
    const text = textOf(html);
    for (const expected of [
      'Skip to main content',
      'Get Healthcare Help Right Now',
      'Start TeleHealth Visit',
      'How It Works',
      'Pay $2.99 Safely',
      'Healthcare Providers',
      'Apply to Join Network',
      'Check Your Application Status',
      'Check Status',
      'Not for emergencies. In a medical emergency, call 911.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(html).toContain('href="/patient-telehealth"');
    expect(html).toContain('<main id="main-content"');
    // The page itself, complete: no spinner of a page still loading, and no script (a boundary
    // completed later would need an inline one, which the CSP refuses).
    expect(text).not.toContain('Loading page');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
  });

  it('renders the payment-cancelled page without a case and the not-found page', async () => {
    const cancelled = textOf(await renderPage('/payment-cancelled'));
    expect(cancelled).toContain('Payment Cancelled');
    expect(cancelled).toContain('Possible Reasons');
    expect(cancelled).toContain('Start New Request');
    expect(cancelled).not.toContain('Try Payment Again');
    const notFound = textOf(await renderPage('/404'));
    expect(notFound).toContain('Page Not Found');
    expect(notFound).toContain('Go Back');
  });

  it('puts a page into the shell with its route, its chunks preloaded and its h1 as title', async () => {
    const shell =
      '<html><head><title>Get Healthcare Help Right Now | TeleHealth</title></head>' +
      '<body><div id="root"></div></body></html>';
    const html = await renderPage('/404');
    const page = pageHtml(shell, {
      route: '*',
      html,
      preload: ['assets/NotFoundPage-abc.js'],
    });
    expect(page).toContain('<title>Page Not Found | TeleHealth</title>');
    expect(page).toContain(`<div id="root" ${PRERENDERED_ROUTE_ATTRIBUTE}="*">${html}</div>`);
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/NotFoundPage-abc.js">\n  </head>',
    );
    expect(() => pageHtml(shell, { route: '/', html: '<p>no heading</p>', preload: [] })).toThrow(
      /no h1/,
    );
  });
});
