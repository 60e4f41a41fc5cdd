import { useEffect, useRef } from 'react';
import { MEETING_WARNING_SECONDS } from '@shared/meetings/room';
import { showNotification } from '@web/lib/notifications';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { formatCountdown, isEndingSoon } from '../lib/server-clock';

export const ROOM_TITLE = 'Video Consultation';
export const ENDING_SOON_NOTIFICATION = `The consultation ends in ${MEETING_WARNING_SECONDS / 60} minutes`;
export const ENDING_SOON_NOTIFICATION_BODY =
  'Return to the video consultation tab to finish with your patient.';

/** The room tab's title: the time left during the last two minutes, for a tab in the background. */
export function roomTitle(left: number | null): string {
  return left !== null && isEndingSoon(left)
    ? `${formatCountdown(left)} left · ${ROOM_TITLE}`
    : ROOM_TITLE;
}

/**
 * The two-minute warning outside the room tab (the doctor writing notes in another tab): the
 * tab's title counts down through the last two minutes, and when the warning comes while the tab
 * is hidden, a notification says so (`notify`: the doctor's room; only where allowed). Android
 * Chrome shows no page notifications: the title is what remains there.
 */
export function useEndingSoonAlerts({ left, notify }: { left: number | null; notify: boolean }) {
  useDocumentTitle(roomTitle(left));
  const soon = left !== null && isEndingSoon(left);
  const warned = useRef(false);
  useEffect(() => {
    if (!soon || warned.current) return;
    warned.current = true;
    if (notify && document.visibilityState === 'hidden') {
      showNotification(ENDING_SOON_NOTIFICATION, {
        body: ENDING_SOON_NOTIFICATION_BODY,
        tag: 'consultation-ending-soon',
      });
    }
  }, [soon, notify]);
}
