import { Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MediaState } from '@shared/meetings/signalling';
import { Button } from '@web/components/ui/button';
import { useKeepPlaying, useSpeaker } from '../hooks/use-remote-playback';
import { PeerMediaBadges } from './PeerMediaBadges';

/**
 * Starts playback; resolves false when the browser refuses it (iOS Safari and others refuse
 * sound without a tap). jsdom's `play()` returns nothing.
 */
async function tryPlay(video: HTMLVideoElement): Promise<boolean> {
  try {
    await video.play();
    return true;
  } catch {
    return false;
  }
}

/** Whether a (remote) stream carries video; remote tracks can arrive or go later. */
function useHasVideo(stream: MediaStream | null): boolean {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!stream) return;
    const changed = () => setVersion((version) => version + 1);
    stream.addEventListener('addtrack', changed);
    stream.addEventListener('removetrack', changed);
    return () => {
      stream.removeEventListener('addtrack', changed);
      stream.removeEventListener('removetrack', changed);
    };
  }, [stream]);
  return stream ? stream.getVideoTracks().length > 0 : false;
}

/**
 * The other party's video (`playsInline` so iOS does not go full screen). When autoplay with
 * sound is refused, the picture still plays muted and a button turns the sound on: a tap is the
 * gesture the browser waits for. It plays again after an iOS interruption (`useKeepPlaying`).
 * `peerMedia` is their microphone and camera as they send them: badges, and a sentence instead
 * of the black frames of a camera turned off.
 */
export function RemoteVideo({
  stream,
  name,
  peerMedia = null,
  speakerId = null,
}: {
  stream: MediaStream | null;
  name: string;
  peerMedia?: MediaState | null;
  /** The speaker chosen in the device settings (null: the system's default). */
  speakerId?: string | null;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [needsTap, setNeedsTap] = useState(false);
  const hasVideo = useHasVideo(stream);
  useKeepPlaying(videoRef, stream);
  useSpeaker(videoRef, speakerId);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    if (!stream) return;
    let current = true;
    video.muted = false;
    void tryPlay(video).then((playing) => {
      if (playing || !current) return;
      setNeedsTap(true);
      video.muted = true;
      void tryPlay(video);
    });
    return () => {
      current = false;
    };
  }, [stream]);

  const turnOnSound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    void tryPlay(video).then((playing) => {
      if (playing) setNeedsTap(false);
    });
  };

  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-900">
      <video
        ref={videoRef}
        data-testid="remote-video"
        playsInline
        autoPlay
        aria-label={`Video of ${name}`}
        className="size-full object-contain"
      />
      {!stream ? (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center px-4 text-center text-slate-200"
        >
          Waiting for {name} to connect...
        </p>
      ) : null}
      {stream && !hasVideo ? (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center px-4 text-center text-slate-200"
        >
          {name} is on audio only: their camera is not available.
        </p>
      ) : null}
      {stream && hasVideo && peerMedia?.video === false ? (
        // Not a live region: the badge below announces it.
        <p
          data-testid="remote-camera-off"
          className="absolute inset-0 flex items-center justify-center bg-slate-900 px-4 text-center text-slate-200"
        >
          {name} turned their camera off
        </p>
      ) : null}
      {stream ? <PeerMediaBadges peerMedia={peerMedia} name={name} /> : null}
      {needsTap ? (
        <div className="absolute inset-x-0 bottom-4 flex justify-center">
          <Button size="lg" onClick={turnOnSound}>
            <Volume2 aria-hidden="true" />
            Tap to turn on sound
          </Button>
        </div>
      ) : null}
    </div>
  );
}
