// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import { getPaymentVerification, getVideoAccess } from '@shared/patients/contracts';
import { testPaymentComplete } from '@shared/payments/contracts';
import { pathOf } from '@shared/http/contract';
import { type ApiMock, json, never } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import { CASE_ID, PATIENT_ID, paymentVerificationAnswer, TEST_CONFIG } from '@web/testing/fixtures';
import PaymentSuccessPage from './PaymentSuccessPage';

const VERIFY = `GET ${pathOf(getPaymentVerification, { patientId: PATIENT_ID })}`;
const SYNC = `POST ${pathOf(testPaymentComplete, { patientId: PATIENT_ID })}`;
const VIDEO_ACCESS = `GET ${pathOf(getVideoAccess, { patientId: PATIENT_ID })}`;

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/payment-processing', element: <h1>Processing Payment</h1> },
      { path: '/patient-telehealth', element: <h1>Get Healthcare Help</h1> },
      { path: '/video-access', element: <h1>Video Consultation Access</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [url] },
  );
}

function h1() {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

describe('PaymentSuccessPage without ids', () => {
  it('goes to /patient-telehealth', async () => {
    const { router } = renderAt('/payment-success');
    await advance();
    expect(router.state.location.pathname).toBe('/patient-telehealth');
  });
});

describe('PaymentSuccessPage with case_id', () => {
  const url = `/payment-success?case_id=${CASE_ID}`;

  it('confirms the payment and explains what is happening', async () => {
    renderAt(url);
    await advance();
    expect(h1()).toBe('Payment Successful!');
    expect(document.title).toBe('Payment Successful! | TeleHealth');
    expect(screen.getByText('Your payment of $2.99 has been confirmed.')).toBeTruthy();
    expect(screen.getByText(CASE_ID)).toBeTruthy();
    const happening = screen.getByRole('region', { name: 'What is happening now' });
    expect(happening.textContent).toContain('Creating your secure video room');
    expect(happening.textContent).toContain('Notifying available providers');
    expect(happening.textContent).toContain('Preparing your 15-minute consultation');
  });

  it('counts down 3 seconds, then opens the processing page', async () => {
    const { router } = renderAt(url);
    await advance();
    expect(screen.getByRole('timer').textContent).toBe('Continuing in 3 seconds...');

    await advance(1000);
    expect(screen.getByRole('timer').textContent).toBe('Continuing in 2 seconds...');
    await advance(1000);
    expect(screen.getByRole('timer').textContent).toBe('Continuing in 1 second...');
    await advance(990);
    expect(router.state.location.pathname).toBe('/payment-success');

    await advance(10);
    expect(router.state.location.pathname).toBe('/payment-processing');
    expect(router.state.location.search).toBe(`?case_id=${CASE_ID}`);
  });

  it('Continue Now skips the wait', async () => {
    const { router } = renderAt(url);
    await advance();
    fireEvent.click(screen.getByRole('button', { name: /Continue Now/ }));
    await advance();
    expect(router.state.location.pathname).toBe('/payment-processing');
    expect(router.state.location.search).toBe(`?case_id=${CASE_ID}`);
  });
});

describe('PaymentSuccessPage with patient_id (payment verification)', () => {
  const url = `/payment-success?patient_id=${PATIENT_ID}`;

  it('shows Verifying Payment while loading', async () => {
    api.on(VERIFY, never);
    renderAt(url);
    await advance();
    expect(h1()).toBe('Verifying Payment');
    expect(document.title).toBe('Verifying Payment | TeleHealth');
  });

  it('shows the error card with Return Home when verification fails', async () => {
    api.on(VERIFY, () => json({ message: 'Internal error' }, 500));
    renderAt(url);
    await advance();
    expect(
      screen.getByText(
        'There was an issue verifying your payment. Please contact support if this problem persists.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: TEST_CONFIG.supportEmail })).toBeTruthy();
  });

  it('shows the error card without calling the API for a malformed patient id', async () => {
    renderAt('/payment-success?patient_id=not-a-uuid');
    await advance();
    expect(screen.getByRole('link', { name: 'Return Home' })).toBeTruthy();
    expect(api.calls(VERIFY.replace(PATIENT_ID, 'not-a-uuid'))).toHaveLength(0);
  });

  it('synchronises once when unverified and re-checks 500 ms later', async () => {
    api.on(VERIFY, () => json(paymentVerificationAnswer({ paymentVerified: false })));
    api.on(SYNC, () =>
      json({
        success: true,
        paid: true,
        message: 'Payment synchronised',
        caseId: CASE_ID,
        next: `/visit/${CASE_ID}`,
      }),
    );
    renderAt(url);
    await advance();

    expect(api.calls(VERIFY)).toHaveLength(1);
    expect(api.calls(SYNC)).toHaveLength(1);
    expect(api.calls(SYNC)[0]!.body).toBeUndefined();

    await advance(490);
    expect(api.calls(VERIFY)).toHaveLength(1);
    await advance(10);
    expect(api.calls(VERIFY)).toHaveLength(2);

    // Still unverified on later polls: no second sync.
    await advance(3000);
    expect(api.calls(VERIFY).length).toBeGreaterThan(3);
    expect(api.calls(SYNC)).toHaveLength(1);
  });

  it('re-checks after the sync call even when the sync fails', async () => {
    api.on(VERIFY, () => json(paymentVerificationAnswer({ paymentVerified: false })));
    api.on(SYNC, () => json({ message: 'No session' }, 404));
    renderAt(url);
    await advance();
    expect(api.calls(SYNC)).toHaveLength(1);
    await advance(500);
    expect(api.calls(VERIFY)).toHaveLength(2);
  });

  it('polls every second only while the page is visible', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    api.on(VERIFY, () => json(paymentVerificationAnswer()));
    renderAt(url);
    await advance();
    expect(api.calls(VERIFY)).toHaveLength(1);

    await advance(1000);
    expect(api.calls(VERIFY)).toHaveLength(2);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await advance(3000);
    expect(api.calls(VERIFY)).toHaveLength(2);

    // Shown again: one read at once (a phone's background tab may have slept through a
    // push, issue 27), then the 1-second beat again.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await advance();
    expect(api.calls(VERIFY)).toHaveLength(3);
    await advance(1000);
    expect(api.calls(VERIFY)).toHaveLength(4);
  });

  it('shows the status of a telemedicine request still being set up', async () => {
    api.on(VERIFY, () => json(paymentVerificationAnswer()));
    renderAt(url);
    await advance();

    expect(h1()).toBe('Payment Successful!');
    const status = screen.getByRole('region', { name: 'Request Status' });
    expect(status.textContent).toContain('Video Consultation');
    expect(status.textContent).toContain('Paid');
    expect(status.textContent).toContain('Assigning Doctor...');
    expect(status.textContent).toContain('Setting up...');
    expect(screen.getByText(/usually takes 1-2 minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Access Video Call' })).toBeNull();
    expect(api.calls(SYNC)).toHaveLength(0);
  });

  it('shows a home nurse visit with the 2-hour call-back', async () => {
    api.on(VERIFY, () =>
      json(paymentVerificationAnswer({ requestType: 'nurse-visit', providerAssigned: true })),
    );
    renderAt(url);
    await advance();

    const status = screen.getByRole('region', { name: 'Request Status' });
    expect(status.textContent).toContain('Home Nurse Visit');
    expect(status.textContent).toContain('Doctor Assigned');
    expect(screen.getByText(/A nurse will call you within 2 hours/)).toBeTruthy();
  });

  it('offers Access Video Call once the meeting is ready', async () => {
    api.on(VERIFY, () =>
      json(paymentVerificationAnswer({ paymentVerified: false, meetingCreated: true })),
    );
    api.on(SYNC, never);
    renderAt(url);
    await advance();
    expect(screen.getByRole('region', { name: 'Request Status' }).textContent).toContain('Ready');
    expect(screen.getByRole('button', { name: 'Access Video Call' })).toBeTruthy();
  });

  it('shows the video access content when paid, telemedicine and the meeting exists', async () => {
    api.on(VERIFY, () => json(paymentVerificationAnswer({ meetingCreated: true })));
    api.on(VIDEO_ACCESS, never);
    const { router } = renderAt(url);
    await advance();

    expect(h1()).toBe('Payment Successful!');
    expect(screen.getByText('Verifying payment and access credentials...')).toBeTruthy();
    await advance(5000);
    expect(router.state.location.pathname).toBe('/payment-success');
  });

  it('goes to /video-access 3 seconds after a provider is assigned', async () => {
    api.on(VERIFY, () =>
      json(paymentVerificationAnswer({ meetingCreated: true, providerAssigned: true })),
    );
    api.on(VIDEO_ACCESS, never);
    const { router } = renderAt(url);
    await advance();
    expect(screen.getByText(/Taking you to your video consultation/)).toBeTruthy();

    await advance(2990);
    expect(router.state.location.pathname).toBe('/payment-success');
    await advance(10);
    expect(router.state.location.pathname).toBe('/video-access');
    expect(router.state.location.search).toBe(`?patient_id=${PATIENT_ID}`);
  });
});
