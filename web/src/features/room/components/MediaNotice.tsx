import { MicOff, VideoOff } from 'lucide-react';
import type { LocalMedia } from '@web/lib/media/use-local-media';

/**
 * Says what the other party gets from this page when a device is missing or refused: the call
 * goes on audio only without a camera (spec doc 1 §4's fallback), and without anything at all.
 */
export function MediaNotice({ media }: { media: LocalMedia }) {
  if (media.status === 'denied') {
    return (
      <p
        data-testid="no-media-notice"
        className="flex items-start gap-2 rounded-md border border-destructive/40 bg-danger-soft p-3 text-sm"
      >
        <MicOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your camera and microphone are not available, so the other party can neither see nor hear
        you. Allow camera and microphone access for this site in your browser, then reload this
        page.
      </p>
    );
  }
  if (media.status !== 'ready') return null;
  if (!media.hasVideo) {
    return (
      <p
        data-testid="audio-only-notice"
        className="flex items-start gap-2 rounded-md border bg-muted p-3 text-sm"
      >
        <VideoOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Audio only: your camera is not available, so the other party can hear you but not see you.
      </p>
    );
  }
  if (!media.hasAudio) {
    return (
      <p
        data-testid="no-microphone-notice"
        className="flex items-start gap-2 rounded-md border bg-muted p-3 text-sm"
      >
        <MicOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your microphone is not available, so the other party can see you but not hear you.
      </p>
    );
  }
  return null;
}
