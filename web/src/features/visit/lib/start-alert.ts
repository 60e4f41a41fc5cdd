/**
 * The patient's alert when the doctor starts the call (issue 27 item 1): the 15 minutes run from
 * the doctor's click, so a patient who looked away must notice at once. Four signals, each used
 * where the browser offers it and skipped silently where not: a short tone (Web Audio, no file to
 * load), a vibration (`navigator.vibrate`, phones), the tab's title (seen on a background tab),
 * and a system notification when the patient allowed it from a click on the visit page (never
 * asked on load: browsers refuse or penalise a prompt without a user gesture). No React here:
 * `use-start-alert.ts` wires it to the page; the browser objects are passed in so tests use fakes.
 */

/** What the patient reads: in the title, and in the notification. */
export const startAlertTexts = {
  title: 'Your provider is starting the call',
  notificationTitle: 'Your provider is starting the call',
  notificationBody: 'Open the visit page and tap Join Video Call.',
} as const;

/** Two short beeps' worth of buzz: noticeable in a pocket, not alarming. */
export const START_VIBRATION_MS = [200, 100, 200];
/** The tone: an A5 for 0.4 s, loud enough to notice, faded out so it does not click. */
const TONE_HZ = 880;
const TONE_SECONDS = 0.4;
const TONE_GAIN = 0.3;

/** The parts of `AudioContext` the tone uses. */
export interface ToneContext {
  readonly currentTime: number;
  readonly destination: unknown;
  resume(): Promise<void>;
  close(): Promise<void>;
  createOscillator(): {
    frequency: { value: number };
    connect(target: unknown): unknown;
    start(when?: number): void;
    stop(when?: number): void;
    onended: (() => void) | null;
  };
  createGain(): {
    gain: {
      setValueAtTime(value: number, time: number): unknown;
      exponentialRampToValueAtTime(value: number, time: number): unknown;
    };
    connect(target: unknown): unknown;
  };
}

/** The parts of `Notification` used: its permission, asking for it, and showing one. */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): unknown;
}

/** The browser as the alert sees it; a missing part is a feature this browser lacks. */
export interface AlertEnvironment {
  document: { title: string };
  navigator: { vibrate?: (pattern: number[]) => boolean };
  AudioContext?: new () => ToneContext;
  Notification?: NotificationApi;
}

export function browserAlertEnvironment(): AlertEnvironment {
  const audio = (window as { AudioContext?: new () => ToneContext }).AudioContext;
  const notification = (window as { Notification?: NotificationApi }).Notification;
  return {
    document,
    navigator: typeof navigator.vibrate === 'function' ? navigator : {},
    ...(audio ? { AudioContext: audio } : {}),
    ...(notification ? { Notification: notification } : {}),
  };
}

/** Whether the notification can still be asked for (offered as a button on the visit page). */
export function canAskForNotifications(env: AlertEnvironment): boolean {
  return env.Notification?.permission === 'default';
}

/** Whether a start would show a notification now. */
export function notificationsAllowed(env: AlertEnvironment): boolean {
  return env.Notification?.permission === 'granted';
}

/** Asks for notifications; call it from a click only. Answers the permission now held. */
export async function askForNotifications(
  env: AlertEnvironment,
): Promise<NotificationPermission | 'unsupported'> {
  if (!env.Notification) return 'unsupported';
  try {
    return await env.Notification.requestPermission();
  } catch {
    // An old Safari takes a callback and throws on the promise form: treated as not allowed.
    return 'denied';
  }
}

function playTone(AudioContextImpl: new () => ToneContext): void {
  const context = new AudioContextImpl();
  // A context made without a user gesture starts suspended; resuming may still be refused by the
  // autoplay policy, in which case the other signals carry the alert.
  context.resume().catch(() => undefined);
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = TONE_HZ;
  const now = context.currentTime;
  gain.gain.setValueAtTime(TONE_GAIN, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + TONE_SECONDS);
  oscillator.connect(gain);
  gain.connect(context.destination);
  oscillator.onended = () => void context.close().catch(() => undefined);
  oscillator.start(now);
  oscillator.stop(now + TONE_SECONDS);
}

/**
 * Alerts the patient that the doctor is starting: every signal the browser offers, each on its
 * own (one failing never stops the others). Answers a function that puts the title back, for
 * when the patient has seen it (the page joined, or was shown again).
 */
export function alertCallStarting(env: AlertEnvironment): () => void {
  const attempt = (signal: () => void) => {
    try {
      signal();
    } catch {
      // A signal the browser refuses (autoplay, a notification constructor that throws on
      // Android Chrome outside a service worker) leaves the others.
    }
  };
  const previousTitle = env.document.title;
  env.document.title = startAlertTexts.title;
  if (env.AudioContext) attempt(() => playTone(env.AudioContext!));
  if (env.navigator.vibrate) attempt(() => env.navigator.vibrate!(START_VIBRATION_MS));
  if (env.Notification && notificationsAllowed(env)) {
    const NotificationImpl = env.Notification;
    attempt(
      () =>
        new NotificationImpl(startAlertTexts.notificationTitle, {
          body: startAlertTexts.notificationBody,
          tag: 'call-starting',
        }),
    );
  }
  return () => {
    if (env.document.title === startAlertTexts.title) env.document.title = previousTitle;
  };
}
