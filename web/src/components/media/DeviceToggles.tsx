import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { LocalMedia } from '@web/lib/media/use-local-media';

/**
 * Camera and microphone on/off, for the visit page preview and the consultation room: real
 * buttons, so Space and Enter work; the state is aria-pressed.
 */
export function DeviceToggles({ media }: { media: LocalMedia }) {
  const toggles = [
    {
      label: 'Camera',
      enabled: media.videoEnabled,
      available: media.hasVideo,
      toggle: media.toggleVideo,
      on: Video,
      off: VideoOff,
    },
    {
      label: 'Microphone',
      enabled: media.audioEnabled,
      available: media.hasAudio,
      toggle: media.toggleAudio,
      on: Mic,
      off: MicOff,
    },
  ];
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Device controls">
      {toggles.map(({ label, enabled, available, toggle, on: OnIcon, off: OffIcon }) => (
        <Button
          key={label}
          variant={enabled ? 'secondary' : 'outline'}
          aria-pressed={enabled}
          disabled={!available}
          onClick={toggle}
        >
          {enabled ? <OnIcon aria-hidden="true" /> : <OffIcon aria-hidden="true" />}
          {label}
        </Button>
      ))}
    </div>
  );
}
