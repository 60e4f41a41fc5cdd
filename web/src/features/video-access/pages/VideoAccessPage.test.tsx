// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVideoAccess, recordMeetingAccess } from '@shared/patients/contracts';
import { pathOf } from '@shared/http/contract';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import { type ApiMock, json, mockApi, never, serverError } from '@web/testing/api-mock';
import { advance, installFakeClock, restoreClock } from '@web/testing/clock';
import { keepPatientKey, patientKeyFor } from '@web/lib/patient-key';
import { CASE_ID, PATIENT_ID, PATIENT_KEY } from '@web/testing/fixtures';
import { renderRoutes, resetDom } from '@web/testing/render';
import VideoAccessPage from './VideoAccessPage';

const ACCESS = `GET ${pathOf(getVideoAccess, { patientId: PATIENT_ID })}`;
const MEETING_ACCESS = `POST ${pathOf(recordMeetingAccess, { patientId: PATIENT_ID })}`;
const MEETING_URL = 'https://app.example.test/room/meeting-1?token=patient';

function access(overrides: Record<string, unknown> = {}, meeting: Record<string, unknown> = {}) {
  return {
    isPaid: true,
    accessGranted: true,
    paymentStatus: 'verified',
    paymentId: 'pay_123',
    meetingInfo: {
      meetingId: 'meeting-1',
      meetingUrl: MEETING_URL,
      status: 'scheduled',
      providerName: 'Dr. Kofi Boateng',
      scheduledTime: '2025-01-05T15:04:00.000Z',
      meetingPassword: null,
      clinicalNotesAvailable: false,
      ...meeting,
    },
    caseId: CASE_ID,
    caseStatus: 'paid',
    refund: null,
    money: null,
    ...overrides,
  };
}

let api: ApiMock;

beforeEach(() => {
  installFakeClock();
  vi.setSystemTime(new Date('2025-01-05T15:10:00.000Z'));
  api = mockApi({}, { unmatched: serverError });
  // The browser that made the request holds the patient's key (docs/adr/0012).
  keepPatientKey([PATIENT_ID], PATIENT_KEY);
});

afterEach(() => {
  resetDom();
  window.localStorage.clear();
  restoreClock();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const url = `/video-access?patient_id=${PATIENT_ID}`;

function renderAt(path = url) {
  return renderRoutes([{ path: '/video-access', element: <VideoAccessPage /> }], {
    initialEntries: [path],
  });
}

function joinButton() {
  return screen.getByRole<HTMLButtonElement>('button', {
    name: 'Join 15-Minute Video Consultation',
  });
}

describe('VideoAccessPage', () => {
  it('shows the verifying state while loading', async () => {
    api.on(ACCESS, never);
    renderAt();
    await advance();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video Consultation Access');
    expect(document.title).toBe('Video Consultation Access | TeleHealth');
    expect(screen.getByRole('status').textContent).toBe(
      'Verifying payment and access credentials...',
    );
  });

  it('shows the error with Retry, which asks again', async () => {
    api.on(ACCESS, (_init, call) =>
      call === 0 ? json({ message: 'Internal error' }, 500) : json(access()),
    );
    renderAt();
    await advance();
    expect(
      screen.getByText(
        'Unable to verify access credentials. Please contact support if you have completed payment.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance();
    expect(joinButton()).toBeTruthy();
  });

  it('shows the error without calling the API for a malformed patient id', async () => {
    renderAt('/video-access?patient_id=p1');
    await advance();
    expect(screen.getByText(/Unable to verify access credentials/)).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('asks to wait while the payment is pending', async () => {
    api.on(ACCESS, () =>
      json(
        access({
          isPaid: false,
          accessGranted: false,
          paymentStatus: 'pending',
          meetingInfo: null,
        }),
      ),
    );
    renderAt();
    await advance();

    expect(screen.getByRole('heading', { level: 2, name: 'Payment Required' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your payment is being processed. Please wait a few minutes and refresh this page.',
      ),
    ).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Payment Required' }).textContent;
    expect(region).toContain('Pending');
    expect(region).toContain('pay_123');

    fireEvent.click(screen.getByRole('button', { name: 'Check Payment Status' }));
    await advance();
    expect(api.calls(ACCESS)).toHaveLength(2);
  });

  it('asks to complete the payment when access is not granted', async () => {
    api.on(ACCESS, () => json(access({ accessGranted: false, paymentId: null })));
    renderAt();
    await advance();
    expect(
      screen.getByText('Please complete the payment process to access your video consultation.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment Required' }).textContent).toContain(
      'Not available',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('shows the meeting details and the footer notes', async () => {
    api.on(ACCESS, () =>
      json(access({}, { meetingPassword: '482913', clinicalNotesAvailable: true })),
    );
    renderAt();
    await advance();

    const details = screen.getByRole('region', { name: 'Your Video Consultation' }).textContent;
    expect(details).toContain('Scheduled');
    expect(details).toContain('Dr. Kofi Boateng');
    expect(details).toContain('January 5, 2025');
    expect(details).toContain('482913');
    expect(
      screen.getByText('Clinical notes will be available after your consultation.'),
    ).toBeTruthy();
    const notes = screen.getByRole('list', { name: 'About your video session' }).textContent;
    expect(notes).toContain('secure');
    expect(notes).toContain('exactly 15 minutes');
    // Nothing is recorded: the spec's "recorded" and "consent to recording" are not said.
    expect(notes).toContain('encrypted between you and your provider');
    expect(notes).toContain('Sessions are not recorded');
    expect(notes).not.toMatch(/consent|recorded for/);
  });

  it('records the join and opens the meeting without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.on(ACCESS, () => json(access()));
    api.on(MEETING_ACCESS, () => json({ success: true }));
    renderAt();
    await advance();

    fireEvent.click(joinButton());
    await advance();
    expect(api.calls(MEETING_ACCESS).map((call) => call.body)).toEqual([
      { meetingId: 'meeting-1', accessTime: '2025-01-05T15:10:00.000Z' },
    ]);
    // Both calls carry the patient's key; the room's tab finds it under the case id too.
    expect(api.calls(ACCESS)[0]!.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);
    expect(api.calls(MEETING_ACCESS)[0]!.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);
    expect(patientKeyFor(CASE_ID)).toBe(PATIENT_KEY);
    expect(open).toHaveBeenCalledWith(MEETING_URL, '_blank', 'noopener,noreferrer');
  });

  it('opens the meeting even when recording the join fails', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on(ACCESS, () => json(access()));
    api.on(MEETING_ACCESS, () => json({ message: 'Internal error' }, 500));
    renderAt();
    await advance();

    fireEvent.click(joinButton());
    await advance();
    expect(open).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Recording the meeting access failed');
  });

  it('disables the join button without a meeting URL', async () => {
    api.on(ACCESS, () => json(access({}, { meetingUrl: null })));
    renderAt();
    await advance();
    expect(joinButton().disabled).toBe(true);
  });

  it('says an expired case is expired and refunded, with no Join', async () => {
    api.on(ACCESS, () =>
      json(
        access({ caseStatus: 'expired', refund: { status: 'succeeded' } }, { meetingUrl: null }),
      ),
    );
    renderAt();
    await advance();
    expect(screen.getByRole('heading', { level: 2, name: 'Session Expired' })).toBeTruthy();
    expect(screen.getByTestId('video-access-refund').textContent).toMatch(/refunded in full/);
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('says an expired case released its authorization: nothing charged', async () => {
    api.on(ACCESS, () =>
      json(access({ caseStatus: 'expired', money: { state: 'released' } }, { meetingUrl: null })),
    );
    renderAt();
    await advance();
    expect(screen.getByRole('heading', { level: 2, name: 'Session Expired' })).toBeTruthy();
    expect(screen.getByTestId('video-access-money').textContent).toBe(
      'Not charged – the authorization was released',
    );
    expect(screen.queryByTestId('video-access-refund')).toBeNull();
  });

  it('says a cancelled case is cancelled, with no Join', async () => {
    api.on(ACCESS, () => json(access({ caseStatus: 'cancelled' }, { meetingUrl: null })));
    renderAt();
    await advance();
    expect(screen.getByRole('heading', { level: 2, name: 'Consultation Cancelled' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.queryByTestId('video-access-refund')).toBeNull();
  });

  it('says a call that did not happen (a no-show) is cancelled and refunded, with no Join', async () => {
    api.on(ACCESS, () =>
      json(
        access({ caseStatus: 'cancelled', refund: { status: 'pending' } }, { meetingUrl: null }),
      ),
    );
    renderAt();
    await advance();
    expect(screen.getByRole('heading', { level: 2, name: 'Consultation Cancelled' })).toBeTruthy();
    expect(screen.getByTestId('video-access-refund').textContent).toBe(
      'Your payment of $2.99 is being refunded in full.',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('after the call offers the feedback form instead of a link that is never coming', async () => {
    api.on(ACCESS, () =>
      json(access({ caseStatus: 'completed' }, { status: 'completed', meetingUrl: null })),
    );
    renderAt();
    await advance();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.queryByText(/not ready yet/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Leave Feedback' }).getAttribute('href')).toBe(
      `/feedback/${CASE_ID}`,
    );
  });

  it('polls every 30 seconds', async () => {
    api.on(ACCESS, () => json(access()));
    renderAt();
    await advance();
    expect(api.calls(ACCESS)).toHaveLength(1);
    await advance(29_990);
    expect(api.calls(ACCESS)).toHaveLength(1);
    await advance(10);
    expect(api.calls(ACCESS)).toHaveLength(2);
  });
});
