import { useEffect, useEffectEvent, useState } from 'react';
import { redirectPanelMessages } from '../lib/messages';

/** The redirect panel waits this long before it goes on by itself (spec doc 1 §9). */
export const AUTO_REDIRECT_SECONDS = 3;

/**
 * Calls `onDone` once after `seconds` and shows the countdown meanwhile. Mount it only while the
 * redirect may happen: unmounting cancels it.
 */
export function AutoRedirect({
  seconds = AUTO_REDIRECT_SECONDS,
  onDone,
}: {
  seconds?: number;
  onDone: () => void;
}) {
  const [remaining, setRemaining] = useState(seconds);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    const tick = setInterval(() => setRemaining((value) => Math.max(1, value - 1)), 1000);
    const timer = setTimeout(() => done(), seconds * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [seconds]);

  return (
    <p role="status" aria-atomic="true" className="text-sm font-medium text-muted-foreground">
      {redirectPanelMessages.redirecting(remaining)}
    </p>
  );
}
