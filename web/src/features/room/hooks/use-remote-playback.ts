import { useEffect, type RefObject } from 'react';

/**
 * Keeps the other party's video playing: iOS pauses media elements during an interruption (a
 * phone call, Siri, another app's audio) and does not resume them, and remote audio can stay
 * silent until `play()` runs again. So `play()` runs again on each `pause` the page did not ask
 * for (it never pauses this element itself) and when the page is visible again.
 */
export function useKeepPlaying(
  videoRef: RefObject<HTMLVideoElement | null>,
  stream: MediaStream | null,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    const resume = () => {
      if (video.ended || !video.paused || video.srcObject !== stream) return;
      void (async () => {
        try {
          await video.play();
        } catch {
          // A refusal (sound without a gesture) is handled by the first play's muted fallback.
        }
      })();
    };
    const visibilityChanged = () => {
      if (document.visibilityState === 'visible') resume();
    };
    video.addEventListener('pause', resume);
    document.addEventListener('visibilitychange', visibilityChanged);
    return () => {
      video.removeEventListener('pause', resume);
      document.removeEventListener('visibilitychange', visibilityChanged);
    };
  }, [videoRef, stream]);
}

/**
 * Plays the element's sound on the chosen speaker (`setSinkId`; null: the system's default).
 * Browsers without it (Safari on iOS) are never offered the choice.
 */
export function useSpeaker(
  videoRef: RefObject<HTMLVideoElement | null>,
  speakerId: string | null,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof video.setSinkId !== 'function') return;
    // A speaker unplugged meanwhile: the browser keeps the one it had.
    video.setSinkId(speakerId ?? '').catch(() => undefined);
  }, [videoRef, speakerId]);
}
