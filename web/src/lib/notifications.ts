function notifications(): typeof Notification | null {
  return typeof Notification === 'undefined' ? null : Notification;
}

/** The browser can show notifications and has not been asked yet (an offer makes sense). */
export function canAskToNotify(): boolean {
  return notifications()?.permission === 'default';
}

/**
 * Asks to show notifications. Browsers allow the question only in a user's gesture (a click), so
 * this runs in one, never on load. Resolves the answer ('default' when it cannot ask).
 */
export async function askToNotify(): Promise<NotificationPermission> {
  const api = notifications();
  if (!api || api.permission !== 'default') return api?.permission ?? 'default';
  try {
    return await api.requestPermission();
  } catch {
    return 'default';
  }
}

/**
 * Shows a notification where allowed; a click brings this tab forward. Android Chrome has no
 * page notifications (only a service worker's) and throws: nothing is shown there.
 */
export function showNotification(title: string, options: NotificationOptions): void {
  const api = notifications();
  if (api?.permission !== 'granted') return;
  try {
    const notification = new api(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // No page notifications in this browser.
  }
}
