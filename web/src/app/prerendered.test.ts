import { describe, expect, it } from 'vitest';
import { canHydrate, PRERENDERED_ROUTE_ATTRIBUTE } from './prerendered';

const root = (route?: string) =>
  ({
    getAttribute: (name: string) =>
      name === PRERENDERED_ROUTE_ATTRIBUTE && route !== undefined ? route : null,
  }) as Element;

describe('canHydrate', () => {
  it('hydrates a prerendered page at its own path without a query', () => {
    expect(canHydrate(root('/'), { pathname: '/', search: '' })).toBe(true);
    expect(
      canHydrate(root('/payment-cancelled'), { pathname: '/payment-cancelled', search: '' }),
    ).toBe(true);
  });

  it('hydrates the not-found page at whatever path it was served for', () => {
    expect(canHydrate(root('*'), { pathname: '/no-such-page', search: '' })).toBe(true);
  });

  it('renders afresh the app shell, another path, or a query the page may read', () => {
    expect(canHydrate(root(), { pathname: '/admin', search: '' })).toBe(false);
    expect(canHydrate(root('/'), { pathname: '/patient', search: '' })).toBe(false);
    expect(
      canHydrate(root('/payment-cancelled'), {
        pathname: '/payment-cancelled',
        search: '?case_id=c1',
      }),
    ).toBe(false);
  });
});
