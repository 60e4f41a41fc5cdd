import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec doc 1 §4: camera 640x480 (ideal), front-facing; microphone with the usual clean-ups. */
export const VIDEO_CONSTRAINTS = {
  width: { ideal: 640 },
  height: { ideal: 480 },
  facingMode: 'user',
} as const satisfies MediaTrackConstraints;

export const AUDIO_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
} as const satisfies MediaTrackConstraints;

/** Spec doc 1 §9: the devices are requested one second after the status allows it. */
export const MEDIA_REQUEST_DELAY_MS = 1000;

/**
 * - `idle`: not requested yet; `requesting`: waiting for the browser (and the patient);
 * - `ready`: a stream was granted (camera and microphone, or microphone only);
 * - `denied`: neither the camera nor the microphone could be opened;
 * - `unsupported`: this browser cannot capture media.
 */
export type LocalMediaStatus = 'idle' | 'requesting' | 'ready' | 'denied' | 'unsupported';

export interface LocalMedia {
  status: LocalMediaStatus;
  stream: MediaStream | null;
  /** The camera / microphone works (a live track was granted). */
  hasVideo: boolean;
  hasAudio: boolean;
  /** The track is switched on (the toggles). */
  videoEnabled: boolean;
  audioEnabled: boolean;
  toggleVideo: () => void;
  toggleAudio: () => void;
  /** Asks for the devices again (the "Try Camera Access Again" button). */
  retry: () => void;
  /** Stops every track for good (the consultation ended) and asks no more. */
  stop: () => void;
}

interface MediaState {
  status: LocalMediaStatus;
  stream: MediaStream | null;
  hasVideo: boolean;
  hasAudio: boolean;
  videoEnabled: boolean;
  audioEnabled: boolean;
}

const NO_MEDIA = {
  stream: null,
  hasVideo: false,
  hasAudio: false,
  videoEnabled: false,
  audioEnabled: false,
} as const;

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

function stateOf(stream: MediaStream): MediaState {
  const hasVideo = stream.getVideoTracks().length > 0;
  const hasAudio = stream.getAudioTracks().length > 0;
  return {
    status: 'ready',
    stream,
    hasVideo,
    hasAudio,
    videoEnabled: hasVideo && stream.getVideoTracks().every((track) => track.enabled),
    audioEnabled: hasAudio && stream.getAudioTracks().every((track) => track.enabled),
  };
}

/**
 * The camera and microphone of the waiting room preview (spec doc 1 §4) and of the consultation
 * room. When `active` first becomes true, waits `delayMs` (a second on the visit page) and asks
 * for camera and microphone; if that fails, for the microphone only; if that fails too, nothing
 * (`denied`). Every track is stopped when the page is left.
 */
export function useLocalMedia(
  active: boolean,
  { delayMs = MEDIA_REQUEST_DELAY_MS }: { delayMs?: number } = {},
): LocalMedia {
  const [state, setState] = useState<MediaState>({ status: 'idle', ...NO_MEDIA });
  const streamRef = useRef<MediaStream | null>(null);
  /** Bumped by every request and on unmount: an answer for an older request is dropped. */
  const generation = useRef(0);
  const requested = useRef(false);

  const request = useCallback(async () => {
    const id = ++generation.current;
    stopTracks(streamRef.current);
    streamRef.current = null;

    const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (typeof mediaDevices?.getUserMedia !== 'function') {
      setState({ status: 'unsupported', ...NO_MEDIA });
      return;
    }
    setState({ status: 'requesting', ...NO_MEDIA });

    let stream: MediaStream | null = null;
    try {
      stream = await mediaDevices.getUserMedia({
        video: VIDEO_CONSTRAINTS,
        audio: AUDIO_CONSTRAINTS,
      });
    } catch {
      try {
        stream = await mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
      } catch {
        stream = null;
      }
    }

    if (id !== generation.current) {
      stopTracks(stream);
      return;
    }
    streamRef.current = stream;
    setState(stream ? stateOf(stream) : { status: 'denied', ...NO_MEDIA });
  }, []);

  useEffect(() => {
    if (!active || requested.current) return;
    const timer = setTimeout(() => {
      requested.current = true;
      void request();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, request, delayMs]);

  useEffect(
    () => () => {
      generation.current += 1;
      stopTracks(streamRef.current);
      streamRef.current = null;
      // A remount (StrictMode) asks again when the status allows it.
      requested.current = false;
    },
    [],
  );

  const toggle = useCallback((kind: 'video' | 'audio') => {
    const stream = streamRef.current;
    if (!stream) return;
    const tracks = kind === 'video' ? stream.getVideoTracks() : stream.getAudioTracks();
    if (tracks.length === 0) return;
    const enabled = !tracks.every((track) => track.enabled);
    tracks.forEach((track) => {
      track.enabled = enabled;
    });
    setState((current) =>
      kind === 'video'
        ? { ...current, videoEnabled: enabled }
        : { ...current, audioEnabled: enabled },
    );
  }, []);

  const toggleVideo = useCallback(() => toggle('video'), [toggle]);
  const toggleAudio = useCallback(() => toggle('audio'), [toggle]);
  const retry = useCallback(() => void request(), [request]);
  const stop = useCallback(() => {
    generation.current += 1;
    requested.current = true;
    stopTracks(streamRef.current);
    streamRef.current = null;
    setState({ status: 'idle', ...NO_MEDIA });
  }, []);

  return { ...state, toggleVideo, toggleAudio, retry, stop };
}
