import { MicOff, VideoOff } from 'lucide-react';
import type { MediaState } from '@shared/meetings/signalling';

/**
 * The other party's microphone and camera as they send them (issue 26 item 5; the `media`
 * signal): 'Muted' and 'Camera off' over their video, so a muted doctor does not sound like a
 * broken microphone. Each badge reads as a sentence to a screen reader, and the list is a live
 * region, so muting mid-sentence is announced. Nothing before the other party has said.
 */
export function PeerMediaBadges({
  peerMedia,
  name,
}: {
  peerMedia: MediaState | null;
  name: string;
}) {
  const badges = [
    {
      off: peerMedia?.audio === false,
      label: 'Muted',
      says: `${name} has muted their microphone`,
      Icon: MicOff,
    },
    {
      off: peerMedia?.video === false,
      label: 'Camera off',
      says: `${name} has turned their camera off`,
      Icon: VideoOff,
    },
  ].filter((badge) => badge.off);
  return (
    <div
      role="status"
      aria-label={`${name}'s microphone and camera`}
      data-testid="peer-media-badges"
      className="absolute top-3 left-3 flex flex-wrap gap-2"
    >
      {badges.map(({ label, says, Icon }) => (
        <span
          key={label}
          className="flex items-center gap-1 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-medium text-white"
        >
          <Icon className="size-4" aria-hidden="true" />
          <span aria-hidden="true">{label}</span>
          <span className="sr-only">{says}</span>
        </span>
      ))}
    </div>
  );
}
