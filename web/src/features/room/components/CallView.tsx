import { Timer } from 'lucide-react';
import { roomMessages } from '@shared/meetings/room';
import { ErrorState } from '@web/components/states';
import { Button } from '@web/components/ui/button';
import { askToNotify } from '@web/lib/notifications';
import { useAnnounceRoom } from '@web/lib/media/room-presence';
import { useWakeLock } from '@web/lib/media/use-wake-lock';
import type { RoomState } from '../hooks/use-room';
import { useCallAdaptation } from '../hooks/use-call-adaptation';
import { useEndingSoonAlerts } from '../hooks/use-ending-soon-alerts';
import { CallStateBanner } from './CallStateBanner';
import { Countdown } from './Countdown';
import { EndCallButton } from './EndCallButton';
import { DeviceSettings } from '@web/components/media/DeviceSettings';
import { DeviceToggles } from '@web/components/media/DeviceToggles';
import { LocalVideo } from '@web/components/media/LocalVideo';
import { MediaNotice } from './MediaNotice';
import { NotifyBeforeEnd } from './NotifyBeforeEnd';
import { QualityIndicator } from './QualityIndicator';
import { QualityNotice } from './QualityNotice';
import { RemoteVideo } from './RemoteVideo';

/** The other party came back on a new page: said, so a switch of the remote video is never silent. */
export const PATIENT_REJOINED = 'The patient reconnected from a new window or device.';
export const DOCTOR_REJOINED = 'Your doctor reconnected from a new window or device.';

export const PROVIDER_NOT_STARTED =
  'The consultation has not started yet. Start the 15-minute timer when you are ready.';

/** The waiting room (local preview) and the call (both videos, countdown, connection). */
export function CallView({ room }: { room: RoomState }) {
  const { session, media, phase } = room;
  const inCall = phase === 'in_call';
  useEndingSoonAlerts({ left: room.left, notify: session?.role === 'provider' });
  useWakeLock(inCall);
  useAnnounceRoom(session?.caseId ?? null);
  // The link adapts only while it is up: a reconnect is the banner's, not a reason to cap video.
  const adaptation = useCallAdaptation({
    quality: inCall && room.callState === 'connected' ? room.connection : null,
    apply: room.setVideoSendLimit,
  });
  if (!session) return null;
  const isProvider = session.role === 'provider';
  const peerName = session.peerName ?? (isProvider ? 'the patient' : 'your doctor');

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
          <RemoteVideo
            stream={room.remoteStream}
            name={peerName}
            peerMedia={room.peerMedia}
            speakerId={media.speakerId}
          />
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
                <Button
                  onClick={() => {
                    // The two-minute warning may need a notification: asked in this click.
                    void askToNotify();
                    room.startMeeting();
                  }}
                  disabled={room.starting}
                >
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
      {inCall ? <QualityNotice adaptation={adaptation} /> : null}

      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-start gap-2">
          <DeviceToggles media={media} />
          <DeviceSettings media={media} />
        </div>
        {inCall ? <QualityIndicator quality={room.connection} details={isProvider} /> : null}
        {inCall && isProvider ? (
          <div className="flex flex-wrap gap-2">
            <NotifyBeforeEnd />
            <EndCallButton ending={room.ending} onEnd={room.endCall} />
          </div>
        ) : null}
      </div>
      {room.endError ? <ErrorState message={room.endError} /> : null}
    </section>
  );
}
