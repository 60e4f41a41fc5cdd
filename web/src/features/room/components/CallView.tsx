import { PhoneOff, Timer } from 'lucide-react';
import { roomMessages } from '@shared/meetings/room';
import { ErrorState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { RoomState } from '../hooks/use-room';
import { CallStateBanner } from './CallStateBanner';
import { ConnectionIndicator } from './ConnectionIndicator';
import { Countdown } from './Countdown';
import { DeviceToggles } from '@web/components/media/DeviceToggles';
import { LocalVideo } from '@web/components/media/LocalVideo';
import { MediaNotice } from './MediaNotice';
import { RemoteVideo } from './RemoteVideo';

/** The other party came back on a new page: said, so a switch of the remote video is never silent. */
export const PATIENT_REJOINED = 'The patient reconnected from a new window or device.';
export const DOCTOR_REJOINED = 'Your doctor reconnected from a new window or device.';

export const PROVIDER_NOT_STARTED =
  'The consultation has not started yet. Start the 15-minute timer when you are ready.';

/** The waiting room (local preview) and the call (both videos, countdown, connection). */
export function CallView({ room }: { room: RoomState }) {
  const { session, media, phase } = room;
  useDocumentTitle('Video Consultation');
  if (!session) return null;
  const isProvider = session.role === 'provider';
  const peerName = session.peerName ?? (isProvider ? 'the patient' : 'your doctor');
  const inCall = phase === 'in_call';

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Video Consultation</h1>
          {session.peerName ? (
            <p className="text-muted-foreground">With {session.peerName}</p>
          ) : null}
        </div>
        {inCall && room.endsAt && room.left !== null ? (
          <Countdown endsAt={room.endsAt} left={room.left} />
        ) : null}
      </header>

      {inCall ? (
        <div className="relative">
          <RemoteVideo stream={room.remoteStream} name={peerName} />
          <LocalVideo
            media={media}
            className="absolute right-3 bottom-3 aspect-video w-1/4 min-w-28 border-2 border-white/70"
          />
        </div>
      ) : (
        <div className="grid gap-4">
          {isProvider ? (
            <div className="grid gap-3 rounded-md bg-primary-soft p-4">
              <p role="status" className="font-medium">
                {PROVIDER_NOT_STARTED}
              </p>
              <div>
                <Button onClick={room.startMeeting} disabled={room.starting}>
                  <Timer aria-hidden="true" />
                  Start Meeting (15-Min Timer)
                </Button>
              </div>
              {room.startError ? <ErrorState message={room.startError} /> : null}
            </div>
          ) : (
            <p role="status" className="rounded-md bg-primary-soft p-4 font-medium">
              {roomMessages.notStarted}
            </p>
          )}
          <LocalVideo media={media} className="aspect-video w-full max-w-2xl" />
        </div>
      )}

      <CallStateBanner state={room.callState} onRetry={room.retryCall} />

      {inCall && room.peerRejoined && room.peerPresent !== false ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {isProvider ? PATIENT_REJOINED : DOCTOR_REJOINED}
        </p>
      ) : null}

      {inCall && room.peerPresent === false ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {session.peerName ?? (isProvider ? 'The patient' : 'Your doctor')} left the call. They can
          join again until the time is up.
        </p>
      ) : null}

      <MediaNotice media={media} />

      <div className="flex flex-wrap items-center justify-between gap-4">
        <DeviceToggles media={media} />
        {inCall ? <ConnectionIndicator connection={room.connection} /> : null}
        {inCall && isProvider ? (
          <Button variant="destructive" onClick={room.endCall} disabled={room.ending}>
            <PhoneOff aria-hidden="true" />
            {room.ending ? 'Ending...' : 'End Call'}
          </Button>
        ) : null}
      </div>
      {room.endError ? <ErrorState message={room.endError} /> : null}
    </section>
  );
}
