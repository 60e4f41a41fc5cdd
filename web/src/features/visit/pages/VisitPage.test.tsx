// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCaseStatus } from '@shared/cases/contracts';
import { manualPaymentComplete } from '@shared/payments/contracts';
import { pathOf } from '@shared/http/contract';
import { PATIENT_KEY_HEADER, PATIENT_KEY_REQUIRED } from '@shared/patients/patient-key';
import { type ApiMock, json, never, routeOf } from '@web/testing/api-mock';
import { advance } from '@web/testing/clock';
import {
  CASE_ID,
  caseStatusAnswer,
  PATIENT_KEY,
  PATIENT_MEETING,
  TEST_CONFIG,
} from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import {
  fakeStream,
  fakeTrack,
  installGetUserMedia,
  removeMediaDevices,
} from '@web/testing/fake-media';
import { FakeBroadcastChannel } from '@web/testing/fake-broadcast-channel';
import { PREVIEW_PAUSED } from '../components/VideoRoomPanel';
import VisitPage from './VisitPage';

const STATUS = `GET ${pathOf(getCaseStatus, { caseId: CASE_ID })}`;
const COMPLETE = routeOf(manualPaymentComplete);

const MEETING = PATIENT_MEETING;
const caseStatus = caseStatusAnswer;

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

beforeEach(() => {
  installGetUserMedia(() => Promise.resolve(fakeStream(fakeTrack('video'), fakeTrack('audio'))));
  FakeBroadcastChannel.reset();
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
});

afterEach(() => {
  vi.restoreAllMocks();
  removeMediaDevices();
});

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/visit/:caseId', element: <VisitPage /> },
      { path: '/patient-telehealth', element: <h1>Get Healthcare Help</h1> },
      { path: '/feedback/:caseId', element: <h1>How Was Your Consultation?</h1> },
    ],
    { initialEntries: [url] },
  );
}

const url = `/visit/${CASE_ID}`;

function h1() {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

function checklist() {
  const list = screen.getByRole('list', { name: 'Pre-consultation checklist' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function expectInvalidLink() {
  expect(h1()).toBe('Invalid Visit Link');
  expect(screen.getByText('This visit link is not valid or has expired')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Start New Consultation' }).getAttribute('href')).toBe(
    '/patient-telehealth',
  );
}

describe('VisitPage links', () => {
  it('sends /visit/visit to the request form', async () => {
    const { router } = renderAt('/visit/visit');
    await advance();
    expect(router.state.location.pathname).toBe('/patient-telehealth');
  });

  it('shows the invalid link view for a malformed id without calling the API', async () => {
    renderAt('/visit/not-a-case');
    await advance();
    expectInvalidLink();
    expect(document.title).toBe('Invalid Visit Link | TeleHealth');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the invalid link view for an unknown case and stops polling', async () => {
    api.on(STATUS, () => json({ message: 'Case not found' }, 404));
    renderAt(url);
    await advance();
    expectInvalidLink();
    await advance(20_000);
    expect(api.calls(STATUS)).toHaveLength(1);
  });
});

describe("VisitPage and the patient's key (docs/adr/0012)", () => {
  it('sends the key this browser holds on the status call', async () => {
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();
    expect(api.calls(STATUS)[0]!.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);
  });

  it('says how to open the visit when this browser holds no key, reading the status once', async () => {
    window.localStorage.clear();
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();
    expect(h1()).toBe('Open Your Visit Link');
    expect(screen.getByText(PATIENT_KEY_REQUIRED)).toBeTruthy();
    await advance(20_000);
    expect(api.calls(STATUS)).toHaveLength(1);
  });

  it('shows the invalid link view for an unknown case in a browser without a key', async () => {
    window.localStorage.clear();
    api.on(STATUS, () => json({ message: 'Case not found' }, 404));
    renderAt(url);
    await advance();
    expectInvalidLink();
    expect(api.calls(STATUS)[0]!.headers[PATIENT_KEY_HEADER]).toBeUndefined();
  });

  it('keeps the key of a visit link opened on another device and drops it from the address', async () => {
    window.localStorage.clear();
    const otherKey = 'o'.repeat(43);
    api.on(STATUS, () => json(caseStatus('paid')));
    const { router } = renderAt(`${url}#key=${otherKey}`);
    await advance();
    expect(h1()).toBe('Virtual Waiting Room');
    expect(router.state.location.hash).toBe('');
    expect(api.calls(STATUS)[0]!.headers[PATIENT_KEY_HEADER]).toBe(otherKey);
    // The page offers the same private link, for the next device.
    const link = screen.getByRole('textbox', { name: 'Your private visit link' });
    expect((link as HTMLInputElement).value).toBe(
      `${window.location.origin}${url}#key=${otherKey}`,
    );
  });
});

describe('VisitPage status', () => {
  it('shows the waiting room title while loading', async () => {
    api.on(STATUS, never);
    renderAt(url);
    await advance();
    expect(h1()).toBe('Virtual Waiting Room');
    expect(document.title).toBe('Virtual Waiting Room | TeleHealth');
    expect(screen.getByRole('status').textContent).toContain('Loading your visit...');
  });

  it.each([
    ['paid', 'Waiting for Provider', 'A licensed healthcare provider will join shortly'],
    ['in_call', 'Consultation Active', 'Your provider is starting the call.'],
    ['expired', 'Session Expired', 'The 15-minute consultation window has expired'],
    ['claimed', 'Preparing...', 'A provider has taken your case and will start the video call'],
    ['awaiting_payment', 'Preparing...', 'We are getting your consultation ready.'],
    ['cancelled', 'Consultation Cancelled', 'This consultation was cancelled.'],
  ] as const)('status %s reads "%s"', async (status, label, text) => {
    api.on(STATUS, () => json(caseStatus(status)));
    renderAt(url);
    await advance();
    expect(screen.getByTestId('visit-status-label').textContent).toBe(label);
    const card = screen.getByRole('region', { name: 'Visit status' });
    expect(card.textContent).toContain(text);
    expect(card.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it.each([
    ['pending', 'Your payment of $2.99 is being refunded in full.'],
    ['succeeded', 'Your payment of $2.99 has been refunded in full.'],
    ['failed', 'We could not refund your payment of $2.99 automatically. Please contact support.'],
  ] as const)('an expired case says where its refund stands (%s)', async (refund, line) => {
    api.on(STATUS, () => json(caseStatus('expired', { refund: { status: refund } })));
    renderAt(url);
    await advance();
    expect(screen.getByTestId('visit-status-label').textContent).toBe('Session Expired');
    expect(screen.getByTestId('visit-refund').textContent).toBe(line);
  });

  it.each(['expired', 'cancelled'] as const)(
    'offers no Join Video Call when the case is %s, even with a meeting link in the answer',
    async (status) => {
      // Even if an older server still sent the link of the `scheduled` meeting (issue 27).
      api.on(STATUS, () => json(caseStatus(status)));
      renderAt(url);
      await advance();
      expect(screen.getByTestId('visit-status-label')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Join Video Call/ })).toBeNull();
    },
  );

  describe('when the provider starts the call (issue 27)', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'vibrate');
      vi.unstubAllGlobals();
    });

    it('alerts a patient waiting on the page: vibration, title, and the notification allowed from a click', async () => {
      const vibrate = vi.fn(() => true);
      Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
      const shown: string[] = [];
      const requestPermission = vi.fn(() => {
        FakeNotification.permission = 'granted';
        return Promise.resolve('granted' as const);
      });
      class FakeNotification {
        static permission: NotificationPermission = 'default';
        static requestPermission = requestPermission;
        constructor(title: string) {
          shown.push(title);
        }
      }
      vi.stubGlobal('Notification', FakeNotification);
      let status: 'claimed' | 'in_call' = 'claimed';
      api.on(STATUS, () => json(caseStatus(status)));
      renderAt(url);
      await advance();
      // Never asked on load: only from the button.
      expect(requestPermission).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Notify me when my provider starts' }));
      await advance();
      expect(requestPermission).toHaveBeenCalledTimes(1);
      expect(
        screen
          .getAllByRole('status')
          .map((status) => status.textContent)
          .includes('We will notify you when your provider starts the call.'),
      ).toBe(true);
      expect(vibrate).not.toHaveBeenCalled();

      status = 'in_call';
      await advance(5000);
      expect(screen.getByTestId('visit-status-label').textContent).toBe('Consultation Active');
      expect(vibrate).toHaveBeenCalledTimes(1);
      expect(document.title).toBe('Your provider is starting the call');
      expect(shown).toEqual(['Your provider is starting the call']);
    });

    it('does not alert a page opened on a call already started', async () => {
      const vibrate = vi.fn(() => true);
      Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
      api.on(STATUS, () => json(caseStatus('in_call')));
      renderAt(url);
      await advance();
      await advance(5000);
      expect(vibrate).not.toHaveBeenCalled();
      expect(document.title).toBe('Virtual Waiting Room | TeleHealth');
    });
  });

  it('says nothing of a refund when there is none', async () => {
    api.on(STATUS, () => json(caseStatus('expired')));
    renderAt(url);
    await advance();
    expect(screen.queryByTestId('visit-refund')).toBeNull();
  });

  it('goes to the feedback form when the consultation has ended', async () => {
    api.on(STATUS, (_init, call) => json(caseStatus(call === 0 ? 'in_call' : 'completed')));
    const { router } = renderAt(url);
    await advance();
    expect(screen.getByTestId('visit-status-label').textContent).toBe('Consultation Active');

    await advance(5000);
    expect(router.state.location.pathname).toBe(`/feedback/${CASE_ID}`);
  });

  describe('a call that did not happen (docs/adr/0023)', () => {
    it('a no-show stays on the visit page, says why and that the payment was refunded, never feedback', async () => {
      api.on(STATUS, (_init, call) =>
        json(
          call === 0
            ? caseStatus('in_call')
            : caseStatus('cancelled', {
                callOutcome: 'patient_no_show',
                refund: { status: 'succeeded' },
              }),
        ),
      );
      const { router } = renderAt(url);
      await advance();
      expect(screen.getByTestId('visit-status-label').textContent).toBe('Consultation Active');

      await advance(5000);
      expect(screen.getByTestId('visit-status-label').textContent).toBe('Consultation Missed');
      expect(screen.getByTestId('visit-status-description').textContent).toBe(
        'Your provider could not reach you in the video call, so the consultation did not take place.',
      );
      expect(screen.getByTestId('visit-refund').textContent).toBe(
        'Your payment of $2.99 has been refunded in full.',
      );
      expect(screen.queryByRole('button', { name: /Join Video Call/ })).toBeNull();
      await advance(5000);
      expect(router.state.location.pathname).toBe(`/visit/${CASE_ID}`);
    });

    it('a doctor who never joined: back in the queue, in plain words', async () => {
      api.on(STATUS, () => json(caseStatus('paid', { callOutcome: 'provider_no_show' })));
      renderAt(url);
      await advance();
      expect(screen.getByTestId('visit-status-label').textContent).toBe('Waiting for Provider');
      expect(screen.getByTestId('visit-status-description').textContent).toBe(
        'Your provider could not join the video call. Your request is back in the queue and another provider will take it shortly. Keep this page open.',
      );
      expect(screen.queryByTestId('visit-refund')).toBeNull();
    });
  });

  it('polls the status every 5 seconds', async () => {
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();
    expect(api.calls(STATUS)).toHaveLength(1);
    await advance(4990);
    expect(api.calls(STATUS)).toHaveLength(1);
    await advance(10);
    expect(api.calls(STATUS)).toHaveLength(2);
    await advance(5000);
    expect(api.calls(STATUS)).toHaveLength(3);
  });

  it('does not retry a failed status request: spec doc 1 §7 sets retries only for processing', async () => {
    api.on(STATUS, (_init, call) =>
      call === 0 ? json({ message: 'Internal error' }, 500) : json(caseStatus('paid')),
    );
    renderAt(url);
    await advance();
    expect(api.calls(STATUS)).toHaveLength(1);
    expect(screen.getByText('We could not load your visit')).toBeTruthy();
    await advance(4990);
    expect(api.calls(STATUS)).toHaveLength(1);
    // The next request is the 5-second poll.
    await advance(10);
    expect(api.calls(STATUS)).toHaveLength(2);
    expect(screen.getByTestId('visit-status-label').textContent).toBe('Waiting for Provider');
  });

  it('shows the paid card, consultation details and meeting id', async () => {
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();

    const paid = screen.getByRole('region', { name: 'Payment Confirmed' });
    expect(paid.textContent).toContain('15 minutes');
    expect(paid.textContent).toContain('January 5, 2025');
    const details = screen.getByRole('region', { name: 'Consultation Details' }).textContent;
    expect(details).toContain('Waiting for Provider');
    expect(details).toContain('15 minutes max');
    expect(details).toContain('Waiting...');
    expect(details).toContain('HIPAA Compliant');
    expect(screen.getByText('ROOM-4821')).toBeTruthy();
    expect(screen.getByText(CASE_ID)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Instructions' })).toBeTruthy();
  });

  it('names the provider once the case is claimed', async () => {
    api.on(STATUS, () => json(caseStatus('in_call', { claimedBy: 'Dr. Kofi Boateng' })));
    renderAt(url);
    await advance();
    expect(screen.getByRole('region', { name: 'Consultation Details' }).textContent).toContain(
      'Dr. Kofi Boateng',
    );
    expect(screen.queryByRole('region', { name: 'Payment Confirmed' })).toBeNull();
  });

  it('offers support, 911 and a status refresh', async () => {
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();

    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      `mailto:${TEST_CONFIG.supportEmail}`,
    );
    expect(screen.getByRole('link', { name: 'Call 911' }).getAttribute('href')).toBe('tel:911');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await advance();
    expect(api.calls(STATUS)).toHaveLength(2);
  });
});

describe('VisitPage return from checkout', () => {
  it('completes the payment once, then drops session_id from the address', async () => {
    api.on(STATUS, () => json(caseStatus('paid')));
    api.on(COMPLETE, () =>
      json({ success: true, paid: true, message: 'ok', caseId: CASE_ID, next: url }),
    );
    const { router } = renderAt(`${url}?session_id=cs_test_123`);
    await advance();

    expect(api.calls(COMPLETE).map((call) => call.body)).toEqual([{ caseId: CASE_ID }]);
    expect(router.state.location.pathname).toBe(url);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    // The status is read again after the payment was synchronised.
    expect(api.calls(STATUS)).toHaveLength(2);

    await advance(10_000);
    expect(api.calls(COMPLETE)).toHaveLength(1);
  });

  it('still rewrites the address when the completion call fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.on(STATUS, () => json(caseStatus('awaiting_payment')));
    api.on(COMPLETE, () => json({ message: 'nope' }, 500));
    const { router } = renderAt(`${url}?session_id=cs_test_123`);
    await advance();

    expect(warn).toHaveBeenCalledWith('Payment status update failed');
    expect(router.state.location.search).toBe('');
    expect(h1()).toBe('Virtual Waiting Room');
  });
});

describe('VisitPage video room', () => {
  it('asks for camera and microphone 1 s after the case is paid', async () => {
    const getUserMedia = installGetUserMedia(() =>
      Promise.resolve(fakeStream(fakeTrack('video'), fakeTrack('audio'))),
    );
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();
    expect(checklist()).toEqual(['CameraChecking...', 'MicrophoneChecking...']);

    await advance(990);
    expect(getUserMedia).not.toHaveBeenCalled();
    await advance(10);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' },
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    expect(checklist()).toEqual(['CameraWorking', 'MicrophoneWorking']);

    const preview = screen.getByLabelText<HTMLVideoElement>('Your camera preview');
    expect(preview.muted).toBe(true);
    expect(preview.autoplay).toBe(true);
    expect(preview.hasAttribute('playsinline')).toBe(true);
  });

  it.each(['awaiting_payment', 'claimed', 'completed', 'expired', 'cancelled'] as const)(
    'does not ask while the case is %s (only paid or in a call, spec doc 1 §4)',
    async (status) => {
      const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream()));
      api.on(STATUS, () => json(caseStatus(status)));
      renderAt(url);
      await advance(5000);
      expect(getUserMedia).not.toHaveBeenCalled();
    },
  );

  it('falls back to audio only and explains how to allow the camera', async () => {
    const getUserMedia = installGetUserMedia((constraints) =>
      constraints.video
        ? Promise.reject(new DOMException('Denied', 'NotAllowedError'))
        : Promise.resolve(fakeStream(fakeTrack('audio'))),
    );
    api.on(STATUS, () => json(caseStatus('in_call')));
    renderAt(url);
    await advance(1000);

    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(getUserMedia).toHaveBeenLastCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    expect(checklist()).toEqual(['CameraNot detected', 'MicrophoneWorking']);
    expect(screen.getByText(/Allow camera and microphone access for this site/)).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Camera', pressed: false }).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Try Camera Access Again' }));
    await advance();
    expect(getUserMedia).toHaveBeenCalledTimes(4);
  });

  it('switches tracks with the camera and microphone buttons', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance(1000);

    fireEvent.click(screen.getByRole('button', { name: 'Camera', pressed: true }));
    expect(camera.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Camera', pressed: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Microphone', pressed: true }));
    expect(microphone.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Microphone', pressed: false })).toBeTruthy();
  });

  it('stops the tracks when the page is left', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    api.on(STATUS, () => json(caseStatus('paid')));
    const { unmount } = renderAt(url);
    await advance(1000);

    unmount();
    expect(camera.stop).toHaveBeenCalled();
    expect(microphone.stop).toHaveBeenCalled();
  });

  it('opens the join link in a new tab without an opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.on(STATUS, () => json(caseStatus('paid')));
    renderAt(url);
    await advance();

    fireEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    expect(open).toHaveBeenCalledWith(MEETING.patientJoinUrl, '_blank', 'noopener,noreferrer');
  });

  it('disables Join Video Call until there is a meeting', async () => {
    api.on(STATUS, () => json(caseStatus('paid', { meeting: null })));
    renderAt(url);
    await advance();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Join Video Call' }).disabled,
    ).toBe(true);
    expect(screen.getByRole('region', { name: 'Payment Confirmed' }).textContent).toContain(
      'being created',
    );
  });
});

describe('VisitPage: the camera given to the call (docs/spec-deviations.md)', () => {
  /** The room page's channel, as the room tab of this case would talk on it. */
  const roomTab = () => FakeBroadcastChannel.tab('telehealth-room-presence');

  async function previewing() {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    api.on(STATUS, () => json(caseStatus('in_call')));
    renderAt(url);
    await advance(1000);
    expect(checklist()).toEqual(['CameraWorking', 'MicrophoneWorking']);
    return { camera, microphone, getUserMedia: getUserMedia! };
  }

  it('Join Video Call stops every preview track before the room opens', async () => {
    const { camera, microphone } = await previewing();
    const stoppedWhenOpened: boolean[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      stoppedWhenOpened.push(
        camera.stop.mock.calls.length === 1 && microphone.stop.mock.calls.length === 1,
      );
      return null;
    });

    fireEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    expect(stoppedWhenOpened).toEqual([true]);
  });

  it('does not capture again while the call has the camera, until the patient turns it back on', async () => {
    const { getUserMedia } = await previewing();
    vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    await advance(30_000);

    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByText(PREVIEW_PAUSED)).toBeTruthy();
    expect(checklist()).toEqual(['CameraIn use by your call', 'MicrophoneIn use by your call']);
    expect(screen.queryByRole('button', { name: 'Try Camera Access Again' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Turn Camera Back On' }));
    await advance();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(checklist()).toEqual(['CameraWorking', 'MicrophoneWorking']);
  });

  it('does not ask for the camera while the room of this case is open in another tab', async () => {
    const room = roomTab();
    room.onmessage = (event) => {
      if ((event.data as { type: string }).type === 'query') {
        room.postMessage({ type: 'open', caseId: CASE_ID });
      }
    };
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream()));
    api.on(STATUS, () => json(caseStatus('in_call')));
    renderAt(url);
    await advance(5000);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByText(PREVIEW_PAUSED)).toBeTruthy();

    // The room closed (the call may have ended): asked again only on the patient's word.
    room.postMessage({ type: 'closed', caseId: CASE_ID });
    await advance(5000);
    expect(getUserMedia).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn Camera Back On' }));
    await advance();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it("stops the preview when this case's room opens in another tab, not another case's", async () => {
    const { camera } = await previewing();
    const room = roomTab();
    room.postMessage({ type: 'open', caseId: '00000000-0000-4000-8000-000000000000' });
    await advance();
    expect(camera.stop).not.toHaveBeenCalled();

    room.postMessage({ type: 'open', caseId: CASE_ID });
    await advance();
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Turn Camera Back On' })).toBeTruthy();
  });
});

describe('VisitPage for a home nurse visit (docs/consultation.md §7)', () => {
  const visit = (
    status: Parameters<typeof caseStatus>[0],
    nurseVisit: { scheduledFor: string | null; outcome: 'done' | 'not_reached' | null },
    refund: { status: 'pending' | 'succeeded' | 'failed' } | null = null,
  ) => caseStatus(status, { requestType: 'nurse-visit', meeting: null, nurseVisit, refund });
  const nurseStatus = () => screen.getByTestId('nurse-visit-status').textContent;

  it('follows each step: waiting, taken, arranged, done, never the camera nor feedback', async () => {
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream()));
    const at = '2025-01-05T17:30:00.000Z';
    const steps = [
      visit('paid', { scheduledFor: null, outcome: null }),
      visit('claimed', { scheduledFor: null, outcome: null }),
      visit('claimed', { scheduledFor: at, outcome: null }),
      visit('completed', { scheduledFor: at, outcome: 'done' }),
    ];
    api.on(STATUS, (_init, call) => json(steps[Math.min(call, steps.length - 1)]!));
    const { router } = renderAt(url);
    await advance();
    const card = screen.getByRole('region', { name: 'Home Nurse Visit' });
    expect(card.querySelector('[aria-live="polite"]')).not.toBeNull();
    expect(nurseStatus()).toBe('A nurse will call you within 2 hours to arrange the visit.');
    expect(screen.queryByRole('list', { name: 'Pre-consultation checklist' })).toBeNull();

    await advance(5000);
    expect(nurseStatus()).toBe(
      'A nurse has taken your request and will call you to arrange a time.',
    );
    await advance(5000);
    expect(nurseStatus()).toMatch(/^Your nurse visit is arranged for .+\.$/);
    await advance(5000);
    expect(nurseStatus()).toBe('Your nurse visit is complete. Thank you.');

    await advance(5000);
    expect(router.state.location.pathname).toBe(url);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says the visit did not take place when the patient was not reached, and the refund', async () => {
    api.on(STATUS, () =>
      json(
        visit('cancelled', { scheduledFor: null, outcome: 'not_reached' }, { status: 'succeeded' }),
      ),
    );
    renderAt(url);
    await advance();
    expect(nurseStatus()).toBe(
      'The nurse could not reach you, so the visit did not take place.' +
        'Your payment of $2.99 has been refunded in full.',
    );
  });
});
