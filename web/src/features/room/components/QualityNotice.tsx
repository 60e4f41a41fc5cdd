import { Video, VideoOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { CallAdaptation } from '../hooks/use-call-adaptation';

export const AUDIO_ONLY_OFFER =
  'Your connection is weak. Switch to audio only to keep the conversation clear.';
export const VIDEO_PAUSED = 'Video paused to keep your call clear.';
export const VIDEO_BACK_OFFER = 'Your connection is better. Turn video back on?';

/**
 * What the call does about a weak link, and the person's say in it (issue 26 item 5): the offer
 * to go audio only, the paused video, and the offer to turn it back on. The live region is
 * always there (empty without a notice), so each new notice is announced; nothing takes focus
 * from the call.
 */
export function QualityNotice({
  adaptation,
}: {
  adaptation: Pick<
    CallAdaptation,
    'notice' | 'switchToAudioOnly' | 'keepVideo' | 'turnVideoBackOn'
  >;
}) {
  const { notice } = adaptation;
  return (
    <div role="status" data-testid="quality-notice">
      {notice === 'offer-audio-only' ? (
        <div className="grid gap-3 rounded-md border border-warning bg-warning-soft p-3 text-sm">
          <p>{AUDIO_ONLY_OFFER}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={adaptation.switchToAudioOnly}>
              <VideoOff aria-hidden="true" />
              Switch to Audio Only
            </Button>
            <Button variant="outline" onClick={adaptation.keepVideo}>
              Keep Video
            </Button>
          </div>
        </div>
      ) : null}
      {notice === 'audio-only' || notice === 'offer-video' ? (
        <div className="grid gap-3 rounded-md border bg-muted p-3 text-sm">
          <p>{notice === 'offer-video' ? VIDEO_BACK_OFFER : VIDEO_PAUSED}</p>
          <div>
            <Button
              variant={notice === 'offer-video' ? 'default' : 'outline'}
              onClick={adaptation.turnVideoBackOn}
            >
              <Video aria-hidden="true" />
              Turn Video Back On
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
