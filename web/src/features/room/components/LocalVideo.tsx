import { VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { LocalMedia } from '@web/lib/media/use-local-media';
import { cn } from '@web/lib/utils';

/** This page's own camera, muted (no echo of one's own voice) and mirrored like a mirror. */
export function LocalVideo({ media, className }: { media: LocalMedia; className?: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { stream } = media;

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.srcObject = stream;
  }, [stream]);

  const showing = media.hasVideo && media.videoEnabled;
  return (
    <div className={cn('relative overflow-hidden rounded-lg bg-slate-800', className)}>
      <video
        ref={videoRef}
        data-testid="local-video"
        muted
        playsInline
        autoPlay
        aria-label="Your camera"
        className={cn('size-full -scale-x-100 object-cover', !showing && 'invisible')}
      />
      {!showing ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-2 text-center text-sm text-slate-200">
          <VideoOff className="size-6" aria-hidden="true" />
          <span>{media.status === 'requesting' ? 'Starting your camera...' : 'Camera off'}</span>
        </div>
      ) : null}
    </div>
  );
}
