/**
 * The browser's hints that the room's signalling socket may be dead (issue 26 item 1): the
 * device is online again or changed network (`online`, `navigator.connection` 'change'), or the
 * page is shown again after the phone slept or the tab was in the background (`visibilitychange`
 * to visible, `pageshow` from the back/forward cache). A socket on a network that is gone stays
 * "open" for minutes, so a network change replaces it at once; coming back only probes it.
 */

export interface WakeSources {
  window: EventTarget;
  document: EventTarget & { visibilityState: DocumentVisibilityState };
  /** `navigator.connection` where the browser has it (Chromium, Android). */
  connection?: EventTarget | null;
}

export interface WakeHandlers {
  onNetworkChange(): void;
  onVisible(): void;
}

export function browserWakeSources(): WakeSources | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  const { connection } = navigator as Navigator & { connection?: EventTarget };
  return { window, document, connection: connection ?? null };
}

/** Listens until the returned function is called. */
export function watchWakeEvents(sources: WakeSources, handlers: WakeHandlers): () => void {
  const onNetwork = () => handlers.onNetworkChange();
  const onVisibility = () => {
    if (sources.document.visibilityState === 'visible') handlers.onVisible();
  };
  const onShow = () => handlers.onVisible();
  sources.window.addEventListener('online', onNetwork);
  sources.window.addEventListener('pageshow', onShow);
  sources.document.addEventListener('visibilitychange', onVisibility);
  sources.connection?.addEventListener('change', onNetwork);
  return () => {
    sources.window.removeEventListener('online', onNetwork);
    sources.window.removeEventListener('pageshow', onShow);
    sources.document.removeEventListener('visibilitychange', onVisibility);
    sources.connection?.removeEventListener('change', onNetwork);
  };
}
