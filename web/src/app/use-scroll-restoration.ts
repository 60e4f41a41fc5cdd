import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Scroll positions by history entry, for going back and forward. */
const positions = new Map<string, number>();

/**
 * What `<ScrollRestoration>` of the data router did: a new page starts at the top (or at its
 * `#hash` target), and going back or forward returns to where that page was left. Positions are
 * kept for the tab's lifetime in memory; a reload starts at the top.
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // Remember this entry's position as the user scrolls, so it is known when they leave.
  useEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(key, window.scrollY));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [key]);

  useLayoutEffect(() => {
    const saved = navigationType === NavigationType.Pop ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}
