import { VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { LocalMedia } from '@web/lib/media/use-local-media';
import { cn } from '@web/lib/utils';

function defaultMessage(media: LocalMedia): string {
  return media.status === 'requesting' ? 'Starting your camera...' : 'Camera off';
}

/**
 * This page's own camera, for the visit page preview and the consultation room: muted (no echo
 * of one's own voice), mirrored like a mirror (not the rear camera), `playsInline` for iOS. While there is no picture
 * it says why (`message`, by default starting or off).
 */
export function LocalVideo({
  media,
  className,
  label = 'Your camera',
  message = defaultMessage(media),
  iconClassName = 'size-6',
}: {
  media: LocalMedia;
  className?: string;
  label?: string;
  message?: string;
  iconClassName?: string;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { stream, videoTrack } = media;

  // A camera opened again or switched is a new track in the same stream: setting `srcObject`
  // again reloads the element with it.
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = stream;
  }, [stream, videoTrack]);

  const showing = media.hasVideo && media.videoEnabled;
  return (
    // `ui-local-video` (index.css, components layer): a caller's position or background wins.
    <div className={cn('ui-local-video', className)}>
      <video
        ref={videoRef}
        data-testid="local-video"
        muted
        playsInline
        autoPlay
        aria-label={label}
        // Mirrored like a mirror, except the rear camera (it shows what the doctor sees).
        className={cn(
          'size-full object-cover',
          media.facingMode !== 'environment' && '-scale-x-100',
          !showing && 'invisible',
        )}
      />
      {!showing ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2 text-center text-sm text-slate-200">
          <VideoOff className={iconClassName} aria-hidden="true" />
          <span>{message}</span>
        </div>
      ) : null}
    </div>
  );
}
