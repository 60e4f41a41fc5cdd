import { useEffect, useState } from 'react';

/** The dashboard clock updates every 60 seconds (spec doc 2 §9). */
export const CLOCK_TICK_MS = 60_000;

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
