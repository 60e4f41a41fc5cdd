import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@web/hooks/use-toast';
import { providerToasts } from '../lib/labels';

/**
 * Plays an audio attachment (spec doc 2 §2); a file that cannot play shows 'Audio Error / Could
 * not play audio file'. One file at a time; leaving the dialog stops it.
 */
export function useAudioPlayer() {
  const playing = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    playing.current?.pause();
    playing.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const play = useCallback(
    (url: string | null) => {
      stop();
      const fail = () => toast({ variant: 'destructive', ...providerToasts.audioError });
      if (!url) return fail();
      const audio = new Audio(url);
      playing.current = audio;
      audio.addEventListener('error', fail, { once: true });
      audio.play().catch((error: unknown) => {
        // An abort is the next file starting or the dialog closing, not a failure.
        if (!(error instanceof DOMException && error.name === 'AbortError')) fail();
      });
    },
    [stop],
  );

  return { play, stop };
}
