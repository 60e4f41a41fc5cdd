import { useCallback, useEffect, useState } from 'react';

export type NotificationChoice = NotificationPermission | 'unsupported';

function permissionNow(): NotificationChoice {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * While the tab is hidden, a new paid case counts in the tab title and raises a desktop
 * notification, once the doctor has opted in with a button (browsers allow the permission prompt
 * only from a user action). The count goes when the tab is shown again.
 */
export function useBackgroundAlerts() {
  const [unseen, setUnseen] = useState(0);
  const [permission, setPermission] = useState<NotificationChoice>(permissionNow);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setUnseen(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const requestPermission = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    setPermission(await Notification.requestPermission());
  }, []);

  /** A paid case arrived: count and notify if nobody is looking. */
  const notePaidCase = useCallback((title: string, body: string) => {
    if (document.visibilityState !== 'hidden') return;
    setUnseen((count) => count + 1);
    if (permissionNow() === 'granted') {
      // The tag folds a burst of alerts into one notification.
      new Notification(title, { body, tag: 'provider-new-case' });
    }
  }, []);

  return { unseen, permission, requestPermission, notePaidCase };
}
