// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { endMeeting, joinRoom, startMeetingTimer } from '@shared/meetings/contracts';
import { startRuleMessages } from '@shared/meetings/start-rule';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import { roomMessages, type RoomSessionResponse } from '@shared/meetings/room';
import { json, reply, type ApiMock } from '@web/testing/api-mock';
import { settle, tick } from '@web/testing/clock';
import {
  addFakeTrack,
  fakeStream,
  fakeTrack,
  fakePhone,
  installGetUserMedia,
  removeMediaDevices,
  type FakeTrack,
} from '@web/testing/fake-media';
import { FakeWebSocket } from '@web/testing/fake-websocket';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import { PATIENT_REJOINED, PROVIDER_NOT_STARTED } from '../components/CallView';
import { ROOM_REPLACED_TEXT, ROOM_REPLACED_TITLE, TAKE_ROOM_BACK } from '../components/RoomScreens';
import { ENDING_SOON_MESSAGE } from '../components/Countdown';
import { END_CALL_QUESTION } from '../components/EndCallButton';
import { ENDING_SOON_NOTIFICATION } from '../hooks/use-ending-soon-alerts';
import { installDialogPolyfill } from '@web/testing/dom';
import { FakeBroadcastChannel } from '@web/testing/fake-broadcast-channel';
import { CALL_FAILED_TEXT, CALL_RETRY, RECONNECTING_TEXT } from '../components/CallStateBanner';
import { FakePeerConnection } from '../testing/fake-peer-connection';
import { keepPatientKey } from '@web/lib/patient-key';
import { PATIENT_KEY } from '@web/testing/fixtures';
import { CASE_ID, MEETING_ID, roomSession } from '../testing/room-fixtures';
import { selectedPath, statsReport } from '../testing/stats-report';
import RoomPage from './RoomPage';

/** The session's server time: the device clock is set to it unless a test skews it. */
const NOW = '2026-11-26T10:05:00.000Z';

let api: ApiMock;
let camera: FakeTrack;
let microphone: FakeTrack;
let play: Mock<(this: HTMLMediaElement) => Promise<void>>;
setupPatientPageTests((mock) => (api = mock));

beforeEach(() => {
  vi.setSystemTime(new Date(NOW));
  camera = fakeTrack('video');
  microphone = fakeTrack('audio');
  installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
  FakeWebSocket.reset();
  FakePeerConnection.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  play = vi.fn<(this: HTMLMediaElement) => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  installDialogPolyfill();
  FakeBroadcastChannel.reset();
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
});

afterEach(() => {
  vi.restoreAllMocks();
  removeMediaDevices();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'wakeLock');
});

/** The browser's `Notification`, with the permission a test gives it. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static readonly shown: { title: string; options?: NotificationOptions }[] = [];
  static readonly requestPermission = vi.fn(() => {
    FakeNotification.permission = 'granted';
    return Promise.resolve<NotificationPermission>('granted');
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, options });
  }
  close() {}
  static install(permission: NotificationPermission) {
    FakeNotification.permission = permission;
    FakeNotification.shown.length = 0;
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
  }
}

function hideTab() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The doctor's End Call, then the confirmation's. */
async function endCallConfirmed() {
  fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
  const dialog = screen.getByRole('dialog', { name: END_CALL_QUESTION });
  fireEvent.click(within(dialog).getByRole('button', { name: 'End Call' }));
  await settle();
}

function answerSession(overrides: Partial<RoomSessionResponse> = {}) {
  api.on(joinRoom, () => reply(joinRoom, roomSession(overrides)));
}

function openRoom(
  role: 'patient' | 'provider' = 'patient',
  token = `${CASE_ID}.4102444800000.sig`,
  query = '',
) {
  // The patient's browser holds the key of its case (docs/adr/0012).
  keepPatientKey([CASE_ID], PATIENT_KEY);
  return renderRoutes(
    [
      { path: '/room/:meetingId', element: <RoomPage /> },
      { path: '/feedback/:caseId', element: <h1>Feedback page</h1> },
      { path: '/provider-dashboard', element: <h1>Dashboard page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: [`/room/${MEETING_ID}?role=${role}${query}#token=${token}`] },
  );
}

/** Renders the room and waits until its socket is open. */
async function enterRoom(role: 'patient' | 'provider' = 'patient') {
  const view = openRoom(role);
  await settle();
  const socket = FakeWebSocket.latest!;
  act(() => socket.serverOpen());
  return { ...view, socket };
}

/** This page's `peerId`, from its hello. */
function ownPeerId(socket: FakeWebSocket): string {
  const hello = socket.sent
    .map((text) => JSON.parse(text) as { action: string; peerId: string })
    .find((message) => message.action === 'hello');
  return hello!.peerId;
}

/** The doctor's page says hello and offers (only the doctor's page offers). */
async function doctorOffers(socket: FakeWebSocket, peerId = 'other-page-1') {
  act(() => socket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId }));
  act(() =>
    socket.serverSend({
      type: 'SIGNAL',
      from: 'provider',
      peerId,
      to: ownPeerId(socket),
      seq: 1,
      signal: { description: { type: 'offer', sdp: 'doctor-offer' } },
    }),
  );
  await settle();
}

/** The doctor starts the meeting: the server says so (15 minutes from now) and the page settles. */
async function meetingStarts(socket: FakeWebSocket) {
  act(() =>
    socket.serverSend({
      type: 'MEETING_STARTED',
      startedAt: NOW,
      endsAt: '2026-11-26T10:20:00.000Z',
      serverTime: NOW,
    }),
  );
  await settle();
}

/** The doctor's page joins and offers, and its media arrives. */
async function peerArrives(socket: FakeWebSocket) {
  await doctorOffers(socket);
  const remote = fakeStream(fakeTrack('video'), fakeTrack('audio'));
  act(() => FakePeerConnection.latest!.receiveTrack(remote));
  await settle();
  return remote;
}

describe('RoomPage: the link', () => {
  it.each([
    ['without a token', `/room/${MEETING_ID}?role=patient`],
    ['without a role', `/room/${MEETING_ID}#token=abc`],
    ['with a malformed meeting id', '/room/not-a-uuid?role=patient#token=abc'],
  ])('is invalid %s, and nothing is asked of the server', async (_name, url) => {
    renderRoutes([{ path: '/room/:meetingId', element: <RoomPage /> }], {
      initialEntries: [url],
    });
    await settle();
    expect(screen.getByRole('heading', { name: 'Invalid Meeting Link' })).toBeTruthy();
    expect(screen.getByText(roomMessages.invalidLink)).toBeTruthy();
    expect(api.calls(joinRoom)).toHaveLength(0);
  });

  it('posts the role and the fragment token in the body, never in the URL', async () => {
    answerSession({ status: 'scheduled', startedAt: null, endsAt: null });
    const token = `${CASE_ID}.4102444800000.secret-signature`;
    openRoom('patient', token);
    await settle();
    const [call] = api.calls(joinRoom);
    expect(call!.url.pathname).toBe(`/api/rooms/${MEETING_ID}/session`);
    expect(call!.url.href).not.toContain('secret-signature');
    expect(call!.body).toEqual({ role: 'patient', token });
    // The patient's key of the token's case, in its header (docs/adr/0012).
    expect(call!.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);
  });

  it('says how to open the visit when this browser holds no patient key, and asks nothing', async () => {
    renderRoutes([{ path: '/room/:meetingId', element: <RoomPage /> }], {
      initialEntries: [`/room/${MEETING_ID}?role=patient#token=${CASE_ID}.4102444800000.sig`],
    });
    await settle();
    expect(screen.getByRole('heading', { name: 'Open Your Visit Link' })).toBeTruthy();
    expect(api.calls(joinRoom)).toHaveLength(0);
  });

  it('says where to open the link when the browser has no camera API (in-app browsers)', async () => {
    installGetUserMedia(undefined);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    openRoom();
    await settle();
    expect(
      screen.getByRole('heading', { name: 'Open This Link in Safari or Chrome' }),
    ).toBeTruthy();
    // The patient's link carries the key, so the other browser can enter (docs/adr/0012).
    const withKey = `${window.location.href}#key=${PATIENT_KEY}`;
    const link = screen.getByLabelText<HTMLInputElement>('Your consultation link');
    expect(link.value).toBe(withKey);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(withKey);
    expect(screen.getByText('Link copied. Paste it into Safari or Chrome.')).toBeTruthy();
    expect(api.calls(joinRoom)).toHaveLength(0);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("shows the server's refusal of the token (403) as an invalid link", async () => {
    api.on(joinRoom, () => json({ message: roomMessages.invalidLink }, 403));
    openRoom();
    await settle();
    expect(screen.getByText(roomMessages.invalidLink)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Invalid Meeting Link' })).toBeTruthy();
  });

  it("says to sign in when the doctor's link is opened without the doctor's session", async () => {
    api.on(joinRoom, () => json({ message: roomMessages.providerSignIn }, 403));
    openRoom('provider');
    await settle();
    expect(screen.getByRole('heading', { name: 'Sign In Required' })).toBeTruthy();
    expect(screen.getByText(roomMessages.providerSignIn)).toBeTruthy();
    expect(screen.queryByText(roomMessages.invalidLink)).toBeNull();
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/provider-dashboard');
    expect(signIn.getAttribute('target')).toBe('_blank');
    answerSession({ role: 'provider', status: 'scheduled', startedAt: null, endsAt: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await settle();
    await settle();
    expect(screen.getByRole('status').textContent).toBe(PROVIDER_NOT_STARTED);
  });

  it('offers Try Again when the server cannot be reached', async () => {
    api.on(joinRoom, () => json({ message: 'down' }, 503));
    openRoom();
    expect(screen.getByRole('status').textContent).toContain('Opening the consultation room...');
    await settle();
    answerSession({ status: 'scheduled', startedAt: null, endsAt: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await settle();
    await settle();
    expect(screen.getByText(roomMessages.notStarted)).toBeTruthy();
  });
});

describe('RoomPage: waiting and the start', () => {
  it('previews the camera until the doctor starts, then begins the call', async () => {
    answerSession({ status: 'scheduled', startedAt: null, endsAt: null });
    const { socket } = await enterRoom();
    expect(screen.getByRole('status').textContent).toBe(roomMessages.notStarted);
    const local = screen.getByTestId<HTMLVideoElement>('local-video');
    expect(local.muted).toBe(true);
    expect(local.srcObject).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ action: 'hello' });

    await meetingStarts(socket);
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('data-ends-at')).toBe('2026-11-26T10:20:00.000Z');
    expect(timer.textContent).toBe('15:00');
    expect(screen.getByTestId('remote-video')).toBeTruthy();
  });
});

describe("RoomPage: the doctor's start from the room", () => {
  const scheduled = { role: 'provider' as const, status: 'scheduled' as const, endsAt: null };

  /** The server starts the meeting's timer: 15 minutes from now. */
  function answerTimerStart() {
    api.on(startMeetingTimer, () =>
      reply(startMeetingTimer, {
        success: true,
        meetingId: MEETING_ID,
        startedAt: NOW,
        endsAt: '2026-11-26T10:20:00.000Z',
        serverTime: NOW,
      }),
    );
  }

  it('starts the timer when the dashboard could not, and the call begins', async () => {
    answerSession(scheduled);
    answerTimerStart();
    await enterRoom('provider');
    expect(screen.getByRole('status').textContent).toBe(PROVIDER_NOT_STARTED);
    expect(screen.queryByText(roomMessages.notStarted)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start Meeting (15-Min Timer)' }));
    await settle();
    expect(api.calls(startMeetingTimer)[0]!.url.pathname).toBe(
      `/api/meetings/${CASE_ID}/start-timer`,
    );
    expect(screen.getByRole('timer').getAttribute('data-ends-at')).toBe('2026-11-26T10:20:00.000Z');
  });

  it('starts the timer by itself, once, when Start Call opened it (start=1)', async () => {
    answerSession(scheduled);
    answerTimerStart();
    openRoom('provider', undefined, '&case_id=' + CASE_ID + '&start=1');
    await settle();
    act(() => FakeWebSocket.latest!.serverOpen());
    await settle();
    expect(api.calls(startMeetingTimer)).toHaveLength(1);
    expect(screen.getByRole('timer').getAttribute('data-ends-at')).toBe('2026-11-26T10:20:00.000Z');
  });

  it('waits for the button without start=1 (Rejoin, a copied link)', async () => {
    answerSession(scheduled);
    await enterRoom('provider');
    expect(api.calls(startMeetingTimer)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Meeting (15-Min Timer)' })).toBeTruthy();
  });

  it("shows the start rule's refusal", async () => {
    answerSession(scheduled);
    api.on(startMeetingTimer, () => json({ message: startRuleMessages.otherProvider }, 403));
    await enterRoom('provider');
    fireEvent.click(screen.getByRole('button', { name: 'Start Meeting (15-Min Timer)' }));
    await settle();
    expect(screen.getByText(startRuleMessages.otherProvider)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('the patient has no start button', async () => {
    answerSession({ status: 'scheduled', endsAt: null });
    await enterRoom();
    expect(screen.queryByRole('button', { name: 'Start Meeting (15-Min Timer)' })).toBeNull();
  });
});

describe('RoomPage: the call', () => {
  it('shows both videos, inline and autoplaying, the remote one with sound', async () => {
    answerSession();
    const { socket } = await enterRoom();
    const remoteStream = await peerArrives(socket);
    const remote = screen.getByTestId<HTMLVideoElement>('remote-video');
    expect(remote.srcObject).toBe(remoteStream);
    expect(remote.hasAttribute('playsinline')).toBe(true);
    expect(remote.autoplay).toBe(true);
    expect(remote.muted).toBe(false);
    const local = screen.getByTestId<HTMLVideoElement>('local-video');
    expect(local.hasAttribute('playsinline')).toBe(true);
    expect(local.muted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Tap to turn on sound' })).toBeNull();
  });

  it("offers 'Tap to turn on sound' when the browser refuses autoplay with sound", async () => {
    play.mockImplementation(function (this: HTMLMediaElement) {
      return this.muted
        ? Promise.resolve()
        : Promise.reject(new DOMException('Needs a gesture', 'NotAllowedError'));
    });
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const remote = screen.getByTestId<HTMLVideoElement>('remote-video');
    const button = screen.getByRole('button', { name: 'Tap to turn on sound' });
    expect(remote.muted).toBe(true);

    play.mockImplementation(() => Promise.resolve());
    fireEvent.click(button);
    await settle();
    expect(remote.muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Tap to turn on sound' })).toBeNull();
  });

  it('toggles the camera and microphone, with aria-pressed', async () => {
    answerSession();
    await enterRoom();
    const cameraButton = screen.getByRole('button', { name: 'Camera' });
    expect(cameraButton.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(cameraButton);
    expect(camera.enabled).toBe(false);
    expect(cameraButton.getAttribute('aria-pressed')).toBe('false');
    const micButton = screen.getByRole('button', { name: 'Microphone' });
    fireEvent.click(micButton);
    expect(microphone.enabled).toBe(false);
    expect(micButton.getAttribute('aria-pressed')).toBe('false');
  });

  it('goes on audio only when the camera is refused, and says so', async () => {
    const getUserMedia = installGetUserMedia(vi.fn());
    getUserMedia!
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'))
      .mockResolvedValueOnce(fakeStream(microphone));
    answerSession();
    const { socket } = await enterRoom();
    expect(screen.getByTestId('audio-only-notice').textContent).toContain('Audio only');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Camera' }).disabled).toBe(true);
    await peerArrives(socket);
    // The patient's page sends its microphone and receives video on the transceiver the
    // doctor's offer made: none of its own, which would make the patient offer too.
    const pc = FakePeerConnection.latest!;
    expect(pc.transceivers).toEqual([]);
    expect(pc.getTransceivers().map((each) => [each.receiver.track.kind, each.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'recvonly'],
    ]);
  });

  it('says when neither camera nor microphone can be used', async () => {
    installGetUserMedia(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    answerSession();
    await enterRoom();
    expect(screen.getByTestId('no-media-notice')).toBeTruthy();
  });

  it('says when the other party is on audio only, until their video arrives', async () => {
    answerSession();
    const { socket } = await enterRoom();
    await doctorOffers(socket);
    const remote = fakeStream(fakeTrack('audio'));
    act(() => FakePeerConnection.latest!.receiveTrack(remote));
    await settle();
    const notice = 'Dr. Ada Lovelace is on audio only: their camera is not available.';
    expect(screen.getByText(notice)).toBeTruthy();
    act(() => addFakeTrack(remote, fakeTrack('video')));
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('says when the other party left, and clears it when they are back', async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    act(() => socket.serverSend({ type: 'PEER_LEFT', role: 'provider' }));
    expect(
      screen.getByText('Dr. Ada Lovelace left the call. They can join again until the time is up.'),
    ).toBeTruthy();
    act(() => socket.serverSend({ type: 'PEER_JOINED', role: 'provider', peerId: 'other-page-2' }));
    expect(screen.queryByText(/left the call/)).toBeNull();
  });

  it("shows the call's quality from getStats in words, the path and figures kept for the doctor", async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const indicator = screen.getByTestId('connection-indicator');
    expect(indicator.textContent).toContain('Checking your connection...');
    const statsWith = (packetsReceived: number) =>
      statsReport(...selectedPath('host', 'host', { currentRoundTripTime: 0.034 }), {
        id: 'A',
        type: 'inbound-rtp',
        kind: 'audio',
        ssrc: 1,
        packetsReceived,
        packetsLost: 0,
        jitter: 0.005,
      });
    FakePeerConnection.latest!.stats = statsWith(100);
    await tick(2_000);
    FakePeerConnection.latest!.stats = statsWith(200);
    await tick(2_000);
    expect(indicator.getAttribute('data-path')).toBe('direct');
    expect(indicator.getAttribute('data-level')).toBe('good');
    expect(indicator.textContent).toContain('Connection: Good');
    // The patient reads the word; the path and the round trip are the doctor's second line.
    expect(indicator.textContent).not.toContain('Direct · 34 ms');
  });
});

describe('RoomPage: the countdown', () => {
  it("counts to endsAt on the server's clock, warns at 2 minutes, and ends at 0", async () => {
    // The device clock is 30 s behind the server's.
    vi.setSystemTime(new Date(Date.parse(NOW) - 30_000));
    answerSession({ endsAt: '2026-11-26T10:15:00.000Z', serverTime: NOW });
    await enterRoom();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('10:00');
    expect(screen.queryByRole('alert')).toBeNull();

    await tick(8 * 60_000);
    expect(timer.textContent).toBe('02:00');
    expect(screen.getByRole('alert').textContent).toBe(ENDING_SOON_MESSAGE);

    await tick(2 * 60_000 - 1);
    expect(screen.queryByRole('heading', { name: 'Consultation Ended' })).toBeNull();
    await tick(1);
    expect(screen.getByRole('heading', { name: 'Consultation Ended' })).toBeTruthy();
  });

  it("shows the time left in the tab's title during the last two minutes", async () => {
    answerSession({ endsAt: '2026-11-26T10:07:01.000Z' });
    await enterRoom();
    expect(document.title).toBe('Video Consultation | TeleHealth');
    await tick(1_000);
    expect(document.title).toBe('02:00 left · Video Consultation | TeleHealth');
    await tick(1_000);
    expect(document.title).toBe('01:59 left · Video Consultation | TeleHealth');
  });

  it('tells a doctor whose room tab is hidden, where notifications are allowed', async () => {
    FakeNotification.install('granted');
    answerSession({ role: 'provider', peerName: 'Patient', endsAt: '2026-11-26T10:07:30.000Z' });
    await enterRoom('provider');
    hideTab();
    await tick(29_000);
    expect(FakeNotification.shown).toEqual([]);
    await tick(1_000);
    expect(FakeNotification.shown).toEqual([
      expect.objectContaining({ title: ENDING_SOON_NOTIFICATION }),
    ]);
    await tick(60_000);
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('shows no notification in a visible tab', async () => {
    FakeNotification.install('granted');
    answerSession({ role: 'provider', peerName: 'Patient', endsAt: '2026-11-26T10:07:30.000Z' });
    await enterRoom('provider');
    await tick(31_000);
    expect(screen.getByRole('alert').textContent).toBe(ENDING_SOON_MESSAGE);
    expect(FakeNotification.shown).toEqual([]);
  });

  it.each([
    ['without permission', 'denied', 'provider'],
    ['to the patient', 'granted', 'patient'],
  ] as const)('shows no notification %s', async (_name, permission, role) => {
    FakeNotification.install(permission);
    answerSession({ role, peerName: 'Someone', endsAt: '2026-11-26T10:07:30.000Z' });
    await enterRoom(role);
    hideTab();
    await tick(31_000);
    expect(document.title).toContain('left · Video Consultation');
    expect(FakeNotification.shown).toEqual([]);
  });

  it("asks the doctor for notifications on a click only: the room's offer or Start", async () => {
    FakeNotification.install('default');
    answerSession({ role: 'provider', peerName: 'Patient' });
    await enterRoom('provider');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me Before the End' }));
    await settle();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Notify Me Before the End' })).toBeNull();
  });

  it('asks the doctor for notifications when they press Start', async () => {
    FakeNotification.install('default');
    answerSession({ role: 'provider', status: 'scheduled', endsAt: null });
    api.on(startMeetingTimer, () => json({ message: startRuleMessages.otherProvider }, 403));
    await enterRoom('provider');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Start Meeting (15-Min Timer)' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('ends at once when the meeting is already over', async () => {
    answerSession({ status: 'completed', endedAt: NOW, ticket: null });
    openRoom();
    await settle();
    expect(screen.getByRole('heading', { name: 'Consultation Ended' })).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('RoomPage: one live page per party', () => {
  it('says when the doctor came back on a new page, instead of switching silently', async () => {
    answerSession({ role: 'provider', peerName: 'Patient' });
    const { socket } = await enterRoom('provider');
    act(() => socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: 'other-page-1' }));
    expect(screen.queryByText(PATIENT_REJOINED)).toBeNull();
    act(() => socket.serverSend({ type: 'PEER_JOINED', role: 'patient', peerId: 'other-page-2' }));
    expect(screen.getByText(PATIENT_REJOINED).getAttribute('role')).toBe('status');
  });

  it('a page replaced by another page of the same party says so, stops its media, and can take the room back', async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const pc = FakePeerConnection.latest!;
    act(() => socket.serverSend({ type: 'ROOM_REPLACED' }));
    await settle();
    expect(screen.getByRole('heading', { name: ROOM_REPLACED_TITLE })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(ROOM_REPLACED_TEXT);
    expect(pc.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    expect(camera.stop).toHaveBeenCalled();
    expect(microphone.stop).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: TAKE_ROOM_BACK }));
    await settle();
    expect(api.calls(joinRoom)).toHaveLength(2);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: ROOM_REPLACED_TITLE })).toBeNull();
  });
});

describe('RoomPage: the call state', () => {
  it("says 'Reconnecting…' while the connection is being restored, and clears it when it is back", async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const pc = FakePeerConnection.latest!;
    act(() => pc.setIceState('connected'));
    expect(screen.queryByTestId('call-reconnecting')).toBeNull();
    act(() => pc.setIceState('failed'));
    const banner = screen.getByTestId('call-reconnecting');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain(RECONNECTING_TEXT);
    act(() => pc.setIceState('connected'));
    expect(screen.queryByTestId('call-reconnecting')).toBeNull();
  });

  it('says when the connection could not be restored, and Try Again asks for a fresh attempt', async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const pc = FakePeerConnection.latest!;
    act(() => pc.setIceState('failed'));
    // The restart requests go unanswered for about half a minute.
    await tick(2_000 + 4_000 + 8_000 * 3);
    const failed = screen.getByRole('alert');
    expect(failed.textContent).toContain(CALL_FAILED_TEXT);
    fireEvent.click(screen.getByRole('button', { name: CALL_RETRY }));
    expect(screen.queryByTestId('call-failed')).toBeNull();
    expect(screen.getByTestId('call-reconnecting')).toBeTruthy();
  });

  it("tells the doctor's page when the camera is switched off", async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    act(() => FakePeerConnection.latest!.setIceState('connected'));
    fireEvent.click(screen.getByRole('button', { name: 'Camera' }));
    await settle();
    const media = socket.sent
      .map((text) => JSON.parse(text) as { signal?: { media?: unknown } })
      .flatMap((message) => (message.signal?.media ? [message.signal.media] : []));
    expect(media.at(-1)).toEqual({ audio: true, video: false });
  });

  it('shows the new end time when the server extends a dropped call', async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    act(() =>
      socket.serverSend({
        type: 'MEETING_EXTENDED',
        endsAt: '2026-11-26T10:17:00.000Z',
        extendedBySeconds: 120,
        serverTime: NOW,
      }),
    );
    // 12 minutes left instead of 10.
    expect(screen.getByRole('timer').textContent).toContain('12:00');
  });
});

describe("RoomPage: the doctor's access ended", () => {
  it('a socket the server closed whose fresh session is refused (403) stops and says the link no longer works', async () => {
    answerSession({ role: 'provider', peerName: 'Patient' });
    const { socket } = await enterRoom('provider');
    api.on(joinRoom, () => json({ message: roomMessages.invalidLink }, 403));
    act(() => socket.serverClose());
    await tick(1_000);
    await settle();
    expect(screen.getByRole('heading', { name: 'Invalid Meeting Link' })).toBeTruthy();
    expect(camera.stop).toHaveBeenCalled();
    await tick(60_000);
    expect(api.calls(joinRoom)).toHaveLength(2);
  });
});

describe('RoomPage: the end', () => {
  it("the server's end closes everything; the patient goes on to feedback", async () => {
    answerSession();
    const { socket } = await enterRoom();
    await peerArrives(socket);
    const pc = FakePeerConnection.latest!;
    act(() => socket.serverSend({ type: 'MEETING_ENDED', endedAt: NOW, reason: 'provider' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Consultation Ended' })).toBeTruthy();
    expect(screen.getByText(roomMessages.ended)).toBeTruthy();
    expect(pc.closed).toBe(true);
    expect(socket.closedByPage).toBe(true);
    expect(camera.stop).toHaveBeenCalled();
    expect(microphone.stop).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Leave Feedback' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Feedback page' })).toBeTruthy();
  });

  it("the provider's End Call ends the meeting and leads back to the dashboard", async () => {
    answerSession({ role: 'provider', peerName: 'Patient' });
    api.on(endMeeting, () => reply(endMeeting, { success: true, endedAt: NOW }));
    await enterRoom('provider');
    await endCallConfirmed();
    expect(screen.getByRole('heading', { name: 'Consultation Ended' })).toBeTruthy();
    expect(api.calls(endMeeting)[0]!.url.pathname).toBe(`/api/meetings/${CASE_ID}/end`);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/provider-dashboard',
    );
  });

  it('says why End Call failed, and the call goes on', async () => {
    answerSession({ role: 'provider', peerName: 'Patient' });
    api.on(endMeeting, () => json({ message: 'This case is claimed by another provider.' }, 403));
    await enterRoom('provider');
    await endCallConfirmed();
    expect(screen.getByText('This case is claimed by another provider.')).toBeTruthy();
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it("asks before ending: 'Keep Talking' and Escape keep the call", async () => {
    answerSession({ role: 'provider', peerName: 'Patient' });
    api.on(endMeeting, () => reply(endMeeting, { success: true, endedAt: NOW }));
    await enterRoom('provider');

    fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
    let dialog = screen.getByRole('dialog', { name: END_CALL_QUESTION });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Talking' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'End Call' }));
    dialog = screen.getByRole('dialog', { name: END_CALL_QUESTION });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(api.calls(endMeeting)).toHaveLength(0);
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('the patient has no End Call', async () => {
    answerSession();
    await enterRoom();
    expect(screen.queryByRole('button', { name: 'End Call' })).toBeNull();
  });
});

describe('RoomPage: on phones', () => {
  it('keeps the screen on during the call, not in the waiting room', async () => {
    const request = vi.fn(() =>
      Promise.resolve({ released: false, release: vi.fn(() => Promise.resolve()) }),
    );
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    answerSession({ status: 'scheduled', startedAt: null, endsAt: null });
    const { socket } = await enterRoom();
    expect(request).not.toHaveBeenCalled();
    await meetingStarts(socket);
    expect(request).toHaveBeenCalledWith('screen');
  });

  it("tells this case's visit page in another tab that the room has the camera, until the end", async () => {
    const visitTab = FakeBroadcastChannel.tab('telehealth-room-presence');
    answerSession();
    const { socket } = await enterRoom();
    expect(visitTab.received).toEqual([{ type: 'open', caseId: CASE_ID }]);

    // A visit page opened (or reloaded) later asks.
    visitTab.postMessage({ type: 'query', caseId: CASE_ID });
    await settle();
    expect(visitTab.received).toHaveLength(2);

    act(() => socket.serverSend({ type: 'MEETING_ENDED', endedAt: NOW, reason: 'provider' }));
    await settle();
    expect(visitTab.received.at(-1)).toEqual({ type: 'closed', caseId: CASE_ID });
  });

  it('offers the rear camera on a phone, freeing the front one first', async () => {
    const phone = fakePhone().install();
    answerSession();
    await enterRoom();
    const front = phone.live('video')[0]!;
    fireEvent.click(screen.getByRole('button', { name: 'Use Rear Camera' }));
    await settle();
    expect(front.stop).toHaveBeenCalled();
    const [rear] = phone.live('video');
    expect(rear?.getSettings().facingMode).toBe('environment');
    expect(screen.getByTestId<HTMLVideoElement>('local-video').srcObject).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use Front Camera' })).toBeTruthy();
  });
});
