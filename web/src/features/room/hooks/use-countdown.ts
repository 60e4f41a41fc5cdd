import { useEffect, useEffectEvent, useState } from 'react';
import { msLeft } from '../lib/server-clock';

/** How often the display refreshes: twice a second keeps each second's change on time. */
const DISPLAY_TICK_MS = 500;

/**
 * Milliseconds left until `endsAt` on the server's clock, refreshed for the display; `onEnd` runs
 * at `endsAt` to the millisecond (its own timer, not the display's), even if the server's end
 * push is late (issue 9 item 4).
 */
export function useCountdown(
  endsAt: string | null,
  offsetMs: number,
  onEnd: () => void,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  const ended = useEffectEvent(onEnd);

  useEffect(() => {
    if (!endsAt) return;
    const refresh = () => setNow(Date.now());
    const display = setInterval(refresh, DISPLAY_TICK_MS);
    const end = setTimeout(
      () => {
        refresh();
        ended();
      },
      msLeft(endsAt, Date.now(), offsetMs),
    );
    // The first frame may have used an older `now`: catch up at once.
    const first = setTimeout(refresh, 0);
    return () => {
      clearInterval(display);
      clearTimeout(end);
      clearTimeout(first);
    };
  }, [endsAt, offsetMs]);

  return endsAt ? msLeft(endsAt, now, offsetMs) : null;
}
