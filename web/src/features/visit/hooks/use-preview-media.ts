import { useCallback, useEffect, useState } from 'react';
import { useLocalMedia, type LocalMedia } from '@web/lib/media/use-local-media';
import { useRoomOpenElsewhere } from '@web/lib/media/room-presence';

export interface PreviewMedia {
  media: LocalMedia;
  /** The preview is off because the call has (or had) the camera; 'Turn Camera Back On' asks. */
  paused: boolean;
  /** 'Join Video Call': frees the camera and microphone for the room, before it opens. */
  handOff: () => void;
}

/**
 * The waiting room's preview (spec doc 1 §4), which gives the camera up for the call: stopped
 * synchronously in the Join click, stopped when this case's room opens in another tab, and not
 * asked for while it is open (a reload of this page mid-call would take the camera back from the
 * room). The patient may turn it back on (`media.retry`).
 */
export function usePreviewMedia(caseId: string, allowed: boolean): PreviewMedia {
  const room = useRoomOpenElsewhere(caseId);
  const [handedOff, setHandedOff] = useState(false);
  const media = useLocalMedia(allowed && !room.open);
  const { stop } = media;

  // `stop` also means "ask no more": once the room had the camera, this page asks again only
  // when the patient says so (a room closing may be the end, and the feedback page is next).
  useEffect(() => {
    if (room.open) stop();
  }, [room.open, stop]);

  const handOff = useCallback(() => {
    stop();
    setHandedOff(true);
  }, [stop]);

  return { media, paused: media.status === 'idle' && (handedOff || room.seen), handOff };
}
