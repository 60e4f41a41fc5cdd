// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepPatientKey } from '@web/lib/patient-key';
import { mockApi, never } from '@web/testing/api-mock';
import { resetDom } from '@web/testing/render';
import { App } from './App';

/** The whole app (its router, providers and lazy pages) on a memory history. */
function renderApp({
  initialEntries,
  initialIndex,
}: {
  initialEntries: string[];
  initialIndex?: number;
}) {
  const history = UNSAFE_createMemoryHistory({ initialEntries, initialIndex, v5Compat: true });
  render(<App history={history} />);
  return { history };
}

const VISIT_CASE_ID = '6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b';

beforeEach(() => {
  // ScrollRestoration scrolls; jsdom has no layout.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // Pages that call the API on load stay in their loading state.
  mockApi({}, { unmatched: never });
  // This browser is the patient's (docs/adr/0012): it holds the visit's key, as after intake.
  keepPatientKey([VISIT_CASE_ID], 'k'.repeat(43));
});

afterEach(() => {
  resetDom();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * The first visit of a lazy page transforms its whole module tree in the test runner, which can
 * take seconds on a busy machine: wait for the page that long, not the default second.
 */
const LAZY_PAGE_WAIT = { timeout: 15_000 };

async function expectPage(title: string) {
  await screen.findByRole('heading', { level: 1, name: title }, LAZY_PAGE_WAIT);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  await waitFor(() => expect(document.title).toBe(`${title} | TeleHealth`));
}

describe('router', { timeout: 30_000 }, () => {
  it.each([
    ['/', 'Get Healthcare Help Right Now'],
    ['/patient-telehealth', 'Get Healthcare Help'],
    ['/patient', 'Patient Request'],
    ['/payment-choice?case_id=c1', 'Choose Payment Method'],
    // A case id the checkout call can send (the request mock holds it to the contract).
    ['/stripe-payment?case_id=6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b', 'Secure Payment'],
    ['/payment-processing?case_id=6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b', 'Processing Payment'],
    ['/payment-success?case_id=c1', 'Payment Successful!'],
    ['/payment-cancelled', 'Payment Cancelled'],
    ['/visit/6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b', 'Virtual Waiting Room'],
    ['/feedback/6f1c2b9e-4d7a-4c1e-9a8b-2f3d4e5f6a7b', 'How Was Your Consultation?'],
    ['/video-access?patient_id=p1', 'Video Consultation Access'],
    // A join link without its token: the room says the link is not valid.
    ['/room/meeting-1', 'Invalid Meeting Link'],
    ['/provider-dashboard', 'Provider Dashboard'],
    ['/provider/apply', 'Doctor Application'],
    ['/provider/status', 'Application Status'],
    ['/admin', 'Admin Panel'],
  ])('%s shows "%s" inside the site landmarks', async (path, title) => {
    renderApp({ initialEntries: [path] });
    await expectPage(title);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it.each(['/no-such-page', '/provider/unknown', '/visit/a/b', '/admin/settings'])(
    'renders the not-found page for %s',
    async (path) => {
      renderApp({ initialEntries: [path] });
      await expectPage('Page Not Found');
      expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    },
  );

  it('goes back from the not-found page', async () => {
    renderApp({ initialEntries: ['/', '/missing'], initialIndex: 1 });
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, LAZY_PAGE_WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await expectPage('Get Healthcare Help Right Now');
  });

  it.each([
    ['/visit', '/patient-telehealth', 'Get Healthcare Help'],
    ['/feedback', '/patient', 'Patient Request'],
  ])('redirects %s to %s', async (from, to, title) => {
    const { history } = renderApp({ initialEntries: [from] });
    await expectPage(title);
    expect(history.location.pathname).toBe(to);
  });

  it('moves focus to the main landmark after a client-side navigation', async () => {
    renderApp({ initialEntries: ['/'] });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Get Healthcare Help Right Now' },
      LAZY_PAGE_WAIT,
    );
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(screen.getByRole('link', { name: 'Apply to Join Network' }));
    await expectPage('Doctor Application');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
