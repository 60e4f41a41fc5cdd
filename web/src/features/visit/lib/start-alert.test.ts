import { describe, expect, it, vi } from 'vitest';
import {
  alertCallStarting,
  askForNotifications,
  canAskForNotifications,
  START_VIBRATION_MS,
  startAlertTexts,
  type AlertEnvironment,
  type NotificationApi,
  type ToneContext,
} from './start-alert';

/** A fake `AudioContext` that records the tones it was asked to play. */
function fakeAudio() {
  const tones: { hz: number; startedAt: number; stoppedAt: number }[] = [];
  const contexts: FakeContext[] = [];
  class FakeContext implements ToneContext {
    currentTime = 12;
    destination = { node: 'speakers' };
    resumed = false;
    closed = false;
    constructor() {
      contexts.push(this);
    }
    resume() {
      this.resumed = true;
      return Promise.resolve();
    }
    close() {
      this.closed = true;
      return Promise.resolve();
    }
    createOscillator() {
      const tone = { hz: 0, startedAt: -1, stoppedAt: -1 };
      tones.push(tone);
      const oscillator = {
        frequency: {
          set value(hz: number) {
            tone.hz = hz;
          },
          get value() {
            return tone.hz;
          },
        },
        connect: () => undefined,
        start: (when = 0) => (tone.startedAt = when),
        stop: (when = 0) => {
          tone.stoppedAt = when;
          oscillator.onended?.();
        },
        onended: null as (() => void) | null,
      };
      return oscillator;
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: () => undefined,
      };
    }
  }
  return { AudioContext: FakeContext, tones, contexts };
}

/** A fake `Notification` with a permission the test sets, recording what was shown. */
function fakeNotification(permission: NotificationPermission, answer = permission) {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const requestPermission = vi.fn(() => {
    Fake.permission = answer;
    return Promise.resolve(answer);
  });
  const Fake = class {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, ...(options ? { options } : {}) });
    }
  };
  return { Notification: Fake as unknown as NotificationApi, shown, requestPermission };
}

function environment(parts: Partial<AlertEnvironment> = {}): AlertEnvironment {
  return { document: { title: 'Visit' }, navigator: {}, ...parts };
}

describe('alertCallStarting', () => {
  it('plays a short tone, vibrates, sets the title and shows the allowed notification', () => {
    const audio = fakeAudio();
    const vibrate = vi.fn(() => true);
    const notification = fakeNotification('granted');
    const env = environment({
      AudioContext: audio.AudioContext,
      navigator: { vibrate },
      Notification: notification.Notification,
    });

    alertCallStarting(env);

    expect(audio.tones).toEqual([{ hz: 880, startedAt: 12, stoppedAt: 12.4 }]);
    expect(audio.contexts[0]!.resumed).toBe(true);
    expect(audio.contexts[0]!.closed).toBe(true);
    expect(vibrate).toHaveBeenCalledWith(START_VIBRATION_MS);
    expect(env.document.title).toBe(startAlertTexts.title);
    expect(notification.shown).toEqual([
      {
        title: startAlertTexts.notificationTitle,
        options: { body: startAlertTexts.notificationBody, tag: 'call-starting' },
      },
    ]);
  });

  it('shows no notification unless the patient allowed it', () => {
    for (const permission of ['default', 'denied'] as const) {
      const notification = fakeNotification(permission);
      alertCallStarting(environment({ Notification: notification.Notification }));
      expect(notification.shown).toEqual([]);
      expect(notification.requestPermission).not.toHaveBeenCalled();
    }
  });

  it('still sets the title where there is no audio, vibration or notification', () => {
    const env = environment();
    alertCallStarting(env);
    expect(env.document.title).toBe(startAlertTexts.title);
  });

  it('gives the other signals when one throws', () => {
    const notification = fakeNotification('granted');
    const env = environment({
      navigator: {
        vibrate: () => {
          throw new Error('blocked');
        },
      },
      Notification: notification.Notification,
    });
    alertCallStarting(env);
    expect(notification.shown).toHaveLength(1);
  });

  it('puts the title back when seen, unless the page changed it since', () => {
    const env = environment();
    const restore = alertCallStarting(env);
    restore();
    expect(env.document.title).toBe('Visit');

    const again = alertCallStarting(env);
    env.document.title = 'Consultation Active';
    again();
    expect(env.document.title).toBe('Consultation Active');
  });
});

describe('asking for notifications', () => {
  it('is offered while undecided, and asks only when called', async () => {
    const notification = fakeNotification('default', 'granted');
    const env = environment({ Notification: notification.Notification });
    expect(canAskForNotifications(env)).toBe(true);
    expect(notification.requestPermission).not.toHaveBeenCalled();
    expect(await askForNotifications(env)).toBe('granted');
    expect(canAskForNotifications(env)).toBe(false);
  });

  it('is not offered once decided or where there are no notifications', async () => {
    expect(
      canAskForNotifications(
        environment({ Notification: fakeNotification('denied').Notification }),
      ),
    ).toBe(false);
    expect(canAskForNotifications(environment())).toBe(false);
    expect(await askForNotifications(environment())).toBe('unsupported');
  });
});
