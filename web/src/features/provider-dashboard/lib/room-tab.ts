/**
 * The room's tab, opened inside the click that asks for it (Start Call, Rejoin, Start Meeting).
 * Browsers allow a new tab only while the click's user activation lasts; Safari and strict popup
 * blockers drop a `window.open` that runs after an awaited request. So the tab opens blank at
 * once and is sent to the room when the case has been read, or closed when it cannot start.
 */
export interface RoomTab {
  /** The browser refused the tab: the dashboard offers the link instead. */
  readonly blocked: boolean;
  /** Sends the tab to the room; false when the link is not a web link (the tab is closed). */
  go(url: string): boolean;
  /** Closes the blank tab (the call cannot start). */
  close(): void;
}

/** Only web links and in-app paths are opened, resolved against this page. */
export function roomHref(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}

/** Call synchronously in the click handler, before any await. */
export function openRoomTab(): RoomTab {
  // Without 'noopener': that would make `open` return null and the tab could not be sent on.
  // The opener is cut below before the room loads, so the room cannot reach back here.
  const tab = window.open('', '_blank');
  return {
    blocked: tab === null,
    go(url) {
      const href = roomHref(url);
      if (!tab) return href !== null;
      if (href === null) {
        tab.close();
        return false;
      }
      tab.opener = null;
      tab.location.replace(href);
      return true;
    },
    close() {
      tab?.close();
    },
  };
}
