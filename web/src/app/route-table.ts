/**
 * Every route of both specs (doc 1 §2, doc 2 §2). Data only: no React, no imports, so build and
 * benchmark scripts can read it. `page` is the page module relative to `web/src`; the router
 * lazy-loads it through `import.meta.glob`, so each page is its own chunk, listed in
 * `web/dist/.vite/manifest.json` under the key `src/{page}`.
 */

export interface PageRoute {
  readonly path: string;
  readonly page: string;
  /**
   * The page uses no TanStack query or mutation, so it shows without the query provider (the
   * router mounts that provider, lazily, only around the other pages).
   */
  readonly withoutQueries?: true;
  /**
   * The build renders the page to HTML (`web/prerender/`): its text paints before any script
   * runs, and the script hydrates it. Only pages whose first render needs no data and no
   * browser state.
   */
  readonly prerender?: true;
}

export interface RedirectRoute {
  readonly path: string;
  readonly redirectTo: string;
}

export const routeTable = [
  {
    path: '/',
    page: 'features/landing/pages/LandingPage.tsx',
    withoutQueries: true,
    prerender: true,
  },
  { path: '/patient-telehealth', page: 'features/patient-intake/pages/PatientTelehealthPage.tsx' },
  { path: '/patient', page: 'features/patient-intake/pages/PatientPage.tsx' },
  { path: '/payment-choice', page: 'features/payments/pages/PaymentChoicePage.tsx' },
  // `/{provider}-payment`: the card payment provider is Stripe.
  { path: '/stripe-payment', page: 'features/payments/pages/CardPaymentPage.tsx' },
  { path: '/payment-processing', page: 'features/payments/pages/PaymentProcessingPage.tsx' },
  { path: '/payment-success', page: 'features/payments/pages/PaymentSuccessPage.tsx' },
  {
    path: '/payment-cancelled',
    page: 'features/payments/pages/PaymentCancelledPage.tsx',
    prerender: true,
  },
  { path: '/visit/:caseId', page: 'features/visit/pages/VisitPage.tsx' },
  { path: '/feedback/:caseId', page: 'features/feedback/pages/FeedbackPage.tsx' },
  // Target of the payment verification redirect; its registration is an open point of the spec.
  { path: '/video-access', page: 'features/video-access/pages/VideoAccessPage.tsx' },
  // The in-app video call that meeting join links open (DESIGN.md §7); not in the spec's table.
  // The room fetches through its own session and socket, no TanStack query (issue 29 item 6).
  { path: '/room/:meetingId', page: 'features/room/pages/RoomPage.tsx', withoutQueries: true },
  {
    path: '/provider-dashboard',
    page: 'features/provider-dashboard/pages/ProviderDashboardPage.tsx',
  },
  { path: '/provider/apply', page: 'features/doctor-applications/pages/ApplyPage.tsx' },
  {
    path: '/provider/status',
    page: 'features/doctor-applications/pages/ApplicationStatusPage.tsx',
  },
  { path: '/admin', page: 'features/admin/pages/AdminPage.tsx' },
  {
    path: '*',
    page: 'features/not-found/pages/NotFoundPage.tsx',
    withoutQueries: true,
    prerender: true,
  },
] as const satisfies readonly PageRoute[];

/** A visit or feedback link without its case id falls back to a patient page (doc 1 §2). */
export const redirectTable = [
  { path: '/visit', redirectTo: '/patient-telehealth' },
  { path: '/feedback', redirectTo: '/patient' },
] as const satisfies readonly RedirectRoute[];

export type AppPath = (typeof routeTable)[number]['path'];
