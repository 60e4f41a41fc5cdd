import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';

export const blockedRoomTexts = {
  title: "Your browser blocked the consultation room's tab.",
  body: 'Open it with this link; the timer starts when you are in the room.',
  link: 'Open the consultation room',
  dismiss: 'Dismiss',
} as const;

/**
 * Shown when the browser refused the room's tab even inside the click (a strict popup blocker):
 * a plain link the provider clicks opens it, since a click on a link is always allowed. The
 * notice stays until dismissed: a link removed during its own click does not navigate.
 */
export function BlockedRoomNotice({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  return (
    <Alert variant="warning">
      <AlertTitle>{blockedRoomTexts.title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{blockedRoomTexts.body}</span>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ size: 'sm' })}
        >
          {blockedRoomTexts.link}
        </a>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {blockedRoomTexts.dismiss}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
