import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (the call): Android locks a phone during passive listening,
 * which stops its microphone and speaker, and Safari keeps the display awake only while WebRTC
 * video plays (an audio-only call would sleep). The browser drops the lock whenever the page is
 * hidden, so it is asked for again when the page is visible again; released when inactive. Does
 * nothing where the Screen Wake Lock API is missing or refuses (low battery, a policy).
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : navigator.wakeLock;
    if (!active || typeof wakeLock?.request !== 'function') return;
    let sentinel: WakeLockSentinel | null = null;
    let asking = false;
    let done = false;

    const request = () => {
      if (done || asking || document.visibilityState === 'hidden') return;
      if (sentinel && !sentinel.released) return;
      asking = true;
      wakeLock.request('screen').then(
        (granted) => {
          asking = false;
          if (done) void granted.release();
          else sentinel = granted;
        },
        () => {
          // Refused (hidden meanwhile, battery saver, a policy): the next visibility asks again.
          asking = false;
        },
      );
    };
    const visibilityChanged = () => {
      if (document.visibilityState === 'visible') request();
    };

    request();
    document.addEventListener('visibilitychange', visibilityChanged);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', visibilityChanged);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, [active]);
}
