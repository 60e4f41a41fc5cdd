import { AppWindow, Copy, LinkIcon, LogIn, RefreshCw, SearchX, Video } from 'lucide-react';
import { Link } from 'react-router-dom';
import { roomMessages, type RoomRole } from '@shared/meetings/room';
import { MessagePage } from '@web/components/MessagePage';
import { LoadingState } from '@web/components/states';
import { useCopyLink } from '@web/hooks/use-copy-link';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { paths } from '@web/lib/paths';

export const NO_CAMERA_API_TITLE = 'Open This Link in Safari or Chrome';
export const ROOM_REPLACED_TITLE = 'Consultation Opened in Another Window';
export const ROOM_REPLACED_TEXT =
  'You opened this consultation in another window or on another device, so it continues there and your camera and microphone are off here. To continue in this window instead, select Use This Window.';
export const TAKE_ROOM_BACK = 'Use This Window';

/**
 * In-app browsers (mail, chat and social apps) often have no camera API at all: the call cannot
 * work there, so the page says where to open the link and offers it to copy.
 */
export function NoCameraSupport({ link }: { link: string }) {
  useDocumentTitle(NO_CAMERA_API_TITLE);
  const { copied, copy } = useCopyLink(link);
  return (
    <MessagePage
      icon={Video}
      tone="danger"
      title={NO_CAMERA_API_TITLE}
      actions={
        <div className="grid w-full max-w-md gap-3">
          <label htmlFor="room-link" className="text-sm font-medium">
            Your consultation link
          </label>
          <input
            id="room-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
          />
          <Button onClick={copy}>
            <Copy aria-hidden="true" />
            Copy Link
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {copied === true
              ? 'Link copied. Paste it into Safari or Chrome.'
              : copied === false
                ? 'Copying is not available here: select the link above and copy it.'
                : ''}
          </p>
        </div>
      }
    >
      This browser cannot use a camera or microphone, which the video consultation needs. Browsers
      inside other apps often cannot. Copy the link below and open it in Safari or Chrome.
    </MessagePage>
  );
}

export function InvalidRoomLink() {
  useDocumentTitle('Invalid Meeting Link');
  return (
    <MessagePage
      icon={LinkIcon}
      tone="danger"
      title="Invalid Meeting Link"
      actions={
        <Button asChild size="lg" variant="outline">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      }
    >
      {roomMessages.invalidLink}
    </MessagePage>
  );
}

export function RoomLoading() {
  useDocumentTitle('Video Consultation');
  return <LoadingState label="Opening the consultation room..." className="flex-1 py-24" />;
}

export function RoomLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('Video Consultation');
  return (
    <MessagePage
      icon={SearchX}
      tone="danger"
      title="We Could Not Open the Consultation Room"
      actions={
        <Button size="lg" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      Please check your connection and try again.
    </MessagePage>
  );
}

/**
 * The doctor's link opened in a browser without the doctor's session (another browser, a
 * phone, a signed-out tab): sign in there (in a new tab, so this link and its token stay), then
 * try again here.
 */
export function ProviderSignInNeeded({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('Sign In Required');
  return (
    <MessagePage
      icon={LogIn}
      tone="primary"
      title="Sign In Required"
      actions={
        <>
          <Button asChild size="lg">
            <a href={paths.providerDashboard} target="_blank" rel="noopener noreferrer">
              Sign In
            </a>
          </Button>
          <Button size="lg" variant="outline" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </>
      }
    >
      {roomMessages.providerSignIn}
    </MessagePage>
  );
}

/** The end screen: the patient goes on to feedback, the doctor back to the dashboard. */
export function ConsultationEnded({ role, caseId }: { role: RoomRole; caseId: string }) {
  useDocumentTitle('Consultation Ended');
  return (
    <MessagePage
      icon={Video}
      tone="primary"
      title="Consultation Ended"
      actions={
        role === 'patient' ? (
          <Button asChild size="lg">
            <Link to={paths.feedback(caseId)}>Leave Feedback</Link>
          </Button>
        ) : (
          <Button asChild size="lg">
            <Link to={paths.providerDashboard}>Back to Dashboard</Link>
          </Button>
        )
      }
    >
      {roomMessages.ended}
    </MessagePage>
  );
}

/**
 * The room was opened on another page of the same party (docs/adr/0013-room-connections.md):
 * only one page of each party may be in the call, so this one stopped. Announced as an alert
 * (the call view it replaces disappears); the button enters the room again from here, which
 * in turn replaces the other page.
 */
export function RoomOpenedElsewhere({ onTakeBack }: { onTakeBack: () => void }) {
  useDocumentTitle(ROOM_REPLACED_TITLE);
  return (
    <div role="alert" className="flex flex-1 flex-col">
      <MessagePage
        icon={AppWindow}
        tone="primary"
        title={ROOM_REPLACED_TITLE}
        actions={
          <Button size="lg" onClick={onTakeBack}>
            <RefreshCw aria-hidden="true" />
            {TAKE_ROOM_BACK}
          </Button>
        }
      >
        {ROOM_REPLACED_TEXT}
      </MessagePage>
    </div>
  );
}
