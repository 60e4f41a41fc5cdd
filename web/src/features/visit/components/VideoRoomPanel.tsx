import {
  CircleAlert,
  CircleCheckBig,
  LoaderCircle,
  RefreshCw,
  Video,
  VideoOff,
} from 'lucide-react';
import type { PatientMeeting } from '@shared/cases/api';
import { DeviceToggles } from '@web/components/media/DeviceToggles';
import { LocalVideo } from '@web/components/media/LocalVideo';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/SectionCard';
import { openMeetingInNewTab } from '@web/lib/open-meeting';
import { cn } from '@web/lib/utils';
import type { LocalMedia } from '@web/lib/media/use-local-media';
import type { PreviewMedia } from '../hooks/use-preview-media';

type CheckState = 'checking' | 'working' | 'missing' | 'in-call';

const checkLabels: Record<CheckState, string> = {
  checking: 'Checking...',
  working: 'Working',
  missing: 'Not detected',
  'in-call': 'In use by your call',
};

/** Said while the call has the camera: the preview gave it up (docs/spec-deviations.md). */
export const PREVIEW_PAUSED =
  'Your camera and microphone are off here while your call is open, so the call can use them.';

function checkState({ media, paused }: PreviewMedia, works: boolean): CheckState {
  if (paused) return 'in-call';
  if (media.status === 'idle' || media.status === 'requesting') return 'checking';
  return works ? 'working' : 'missing';
}

function CheckItem({ label, state }: { label: string; state: CheckState }) {
  const Icon =
    state === 'working'
      ? CircleCheckBig
      : state === 'missing'
        ? CircleAlert
        : state === 'in-call'
          ? VideoOff
          : LoaderCircle;
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <span className="font-medium">{label}</span>
      <span
        className={cn(
          'flex items-center gap-1.5 text-sm font-semibold',
          state === 'working' && 'text-success',
          state === 'missing' && 'text-destructive',
          (state === 'checking' || state === 'in-call') && 'text-muted-foreground',
        )}
      >
        <Icon
          className={cn('size-4', state === 'checking' && 'motion-safe:animate-spin')}
          aria-hidden="true"
        />
        {checkLabels[state]}
      </span>
    </li>
  );
}

function previewMessage(media: LocalMedia): string {
  switch (media.status) {
    case 'idle':
      return 'Your camera preview starts once your consultation is paid or your provider has joined.';
    case 'requesting':
      return 'Starting your camera...';
    case 'unsupported':
      return 'This browser cannot use a camera.';
    case 'denied':
      return 'Camera not available.';
    case 'ready':
      return media.hasVideo ? 'Your camera is off.' : 'Camera not available.';
  }
}

/**
 * Camera preview, device toggles, the pre-consultation checklist and the join button. Joining
 * stops the preview first, in the click, so the room (a new tab) can open the camera.
 */
export function VideoRoomPanel({
  preview,
  meeting,
}: {
  preview: PreviewMedia;
  meeting: PatientMeeting | null;
}) {
  const { media, paused, handOff } = preview;
  const camera = checkState(preview, media.hasVideo);
  const microphone = checkState(preview, media.hasAudio);
  const needsHelp = camera === 'missing' || microphone === 'missing';
  const joinUrl = meeting?.patientJoinUrl;

  return (
    <SectionCard titleId="video-room-title" title="Video Room" contentClassName="grid gap-5">
      <LocalVideo
        media={media}
        label="Your camera preview"
        message={paused ? PREVIEW_PAUSED : previewMessage(media)}
        className="aspect-video bg-slate-900"
        iconClassName="size-10"
      />

      <DeviceToggles media={media} />

      <div>
        <h3 id="checklist-title" className="font-semibold">
          Pre-consultation checklist
        </h3>
        <ul aria-labelledby="checklist-title" aria-live="polite" className="mt-1 divide-y">
          <CheckItem label="Camera" state={camera} />
          <CheckItem label="Microphone" state={microphone} />
        </ul>
        {needsHelp ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Allow camera and microphone access for this site in your browser (look for the camera
            icon in the address bar), check that no other app is using them, then select Try Camera
            Access Again.
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {paused ? (
          <Button variant="outline" onClick={media.retry}>
            <Video aria-hidden="true" />
            Turn Camera Back On
          </Button>
        ) : (
          <Button variant="outline" onClick={media.retry} disabled={media.status === 'requesting'}>
            <RefreshCw aria-hidden="true" />
            Try Camera Access Again
          </Button>
        )}
        <Button
          size="lg"
          disabled={!joinUrl}
          onClick={() => {
            if (!joinUrl) return;
            // Before the room exists: iOS would mute its capture, Android refuse the camera.
            handOff();
            openMeetingInNewTab(joinUrl);
          }}
          aria-describedby="join-hint"
        >
          <Video aria-hidden="true" />
          Join Video Call
        </Button>
      </div>
      <p id="join-hint" className="text-sm text-muted-foreground">
        {joinUrl
          ? 'The call opens in a new tab, and the preview here turns off so the call can use your camera.'
          : 'The call can be joined once your video meeting is ready.'}
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">Meeting ID: </span>
        <span className="font-mono break-all">{meeting?.zoomMeetingId ?? 'Not available'}</span>
      </p>
    </SectionCard>
  );
}
