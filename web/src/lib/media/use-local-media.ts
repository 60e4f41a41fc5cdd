import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUDIO_CONSTRAINTS,
  constraintsFor,
  VIDEO_CONSTRAINTS,
  type CaptureKind,
  type DeviceRequest,
  type FacingMode,
} from './media-constraints';
import {
  NO_DEVICES,
  listDevices,
  supportsSpeakerChoice,
  type DeviceLists,
  type InputKind,
} from './media-devices';
import { useTrackRecovery, type SwitchResult, type Tracks } from './use-track-recovery';

export { AUDIO_CONSTRAINTS, VIDEO_CONSTRAINTS } from './media-constraints';
export type { DeviceLists, DeviceOption, InputKind } from './media-devices';

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
  /** Holds the current tracks (the same object while a track is re-acquired or switched). */
  stream: MediaStream | null;
  /** The current microphone / camera track; a new one after a re-acquire or a device switch. */
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  /** The camera / microphone works (a live track was granted). */
  hasVideo: boolean;
  hasAudio: boolean;
  /** The track is switched on (the toggles); kept across a re-acquire or a device switch. */
  videoEnabled: boolean;
  audioEnabled: boolean;
  toggleVideo: () => void;
  toggleAudio: () => void;
  /** Asks for the devices again (the "Try Camera Access Again" button). */
  retry: () => void;
  /** Stops every track (the consultation ended, the room took the camera) and asks no more. */
  stop: () => void;
  /** The cameras, microphones and speakers (labels once a capture was granted). */
  devices: DeviceLists;
  /** The device the current microphone / camera track captures from (a select's value). */
  audioDeviceId: string | null;
  videoDeviceId: string | null;
  /** Which side the camera faces, where the browser says (phones); null on a desk. */
  facingMode: FacingMode | null;
  /** More than one camera: the front/rear switch (the next camera on a desk) is offered. */
  canFlipCamera: boolean;
  selectDevice: (kind: InputKind, deviceId: string) => void;
  /** Front ↔ rear camera ("show me the rash"). */
  flipCamera: () => void;
  /** Speaker choice (`setSinkId`) is possible in this browser, with a device to choose. */
  canChooseSpeaker: boolean;
  /** The chosen speaker (`setSinkId` of the remote video); null: the system's default. */
  speakerId: string | null;
  selectSpeaker: (deviceId: string) => void;
}

interface MediaState {
  status: LocalMediaStatus;
  stream: MediaStream | null;
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  videoEnabled: boolean;
  audioEnabled: boolean;
}

const NO_MEDIA = {
  stream: null,
  audioTrack: null,
  videoTrack: null,
  videoEnabled: false,
  audioEnabled: false,
} as const;

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

function stateOf(stream: MediaStream): MediaState {
  const videoTrack = stream.getVideoTracks()[0] ?? null;
  const audioTrack = stream.getAudioTracks()[0] ?? null;
  return {
    status: 'ready',
    stream,
    audioTrack,
    videoTrack,
    videoEnabled: videoTrack?.enabled ?? false,
    audioEnabled: audioTrack?.enabled ?? false,
  };
}

function mediaDevicesOrNull(): MediaDevices | null {
  const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return typeof mediaDevices?.getUserMedia === 'function' ? mediaDevices : null;
}

/** Which side a camera track faces, where the browser says (phones). */
function facingOf(track: MediaStreamTrack | null): FacingMode | null {
  const side = track?.getSettings().facingMode;
  return side === 'user' || side === 'environment' ? side : null;
}

/** One track of a kind, opened with the first request that works (and which one); null if none. */
async function captureTrack(
  kind: CaptureKind,
  requests: readonly DeviceRequest[],
): Promise<{ track: MediaStreamTrack; request: DeviceRequest } | null> {
  const mediaDevices = mediaDevicesOrNull();
  if (!mediaDevices) return null;
  for (const request of requests) {
    try {
      const stream = await mediaDevices.getUserMedia({ [kind]: constraintsFor(kind, request) });
      const [track, ...extra] =
        kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks();
      extra.forEach((other) => other.stop());
      if (track) return { track, request };
    } catch {
      // Try the next request (another device, or the default).
    }
  }
  return null;
}

/**
 * The camera and microphone of the waiting room preview (spec doc 1 §4) and of the consultation
 * room. When `active` first becomes true, waits `delayMs` (a second on the visit page) and asks
 * for camera and microphone; if that fails, for the microphone only; if that fails too, nothing
 * (`denied`). Every track is stopped when the page is left.
 *
 * On phones a track can end or go mute (a phone call, Siri, another app, a headset unplugged):
 * `useTrackRecovery` opens it again, and the device choices (camera, microphone, front/rear,
 * speaker) open a new track of that kind. A new track goes into the same `stream` and out as
 * `audioTrack`/`videoTrack`, so the call can replace it on its sender without renegotiating.
 */
export function useLocalMedia(
  active: boolean,
  { delayMs = MEDIA_REQUEST_DELAY_MS }: { delayMs?: number } = {},
): LocalMedia {
  const [state, setState] = useState<MediaState>({ status: 'idle', ...NO_MEDIA });
  const [devices, setDevices] = useState<DeviceLists>(NO_DEVICES);
  const [facing, setFacing] = useState<FacingMode | null>(null);
  const [speakerId, setSpeakerId] = useState<string | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const tracksRef = useRef<Tracks>({ audio: null, video: null });
  /** The toggles' state: a new track of a kind starts as the patient left it. */
  const wanted = useRef<Record<CaptureKind, boolean>>({ audio: true, video: true });
  /** Bumped by every request and on unmount: an answer for an older request is dropped. */
  const generation = useRef(0);
  /** Bumped by every switch of one kind: only the newest switch installs its track. */
  const switches = useRef<Record<CaptureKind, number>>({ audio: 0, video: 0 });
  const requested = useRef(false);
  /** The devices the patient picked; a kind not picked follows the system's default. */
  const chosen = useRef<Record<CaptureKind, boolean>>({ audio: false, video: false });

  const forget = useCallback(() => {
    // A track switched out of the stream is stopped already; one still in it is in both.
    const tracks = new Set([
      ...(streamRef.current?.getTracks() ?? []),
      ...Object.values(tracksRef.current).filter((track) => track !== null),
    ]);
    tracks.forEach((track) => track.stop());
    streamRef.current = null;
    tracksRef.current = { audio: null, video: null };
  }, []);

  const request = useCallback(async () => {
    const id = ++generation.current;
    forget();

    const mediaDevices = mediaDevicesOrNull();
    if (!mediaDevices) {
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
    wanted.current = { audio: true, video: true };
    chosen.current = { audio: false, video: false };
    streamRef.current = stream;
    if (!stream) {
      setState({ status: 'denied', ...NO_MEDIA });
      return;
    }
    const granted = stateOf(stream);
    tracksRef.current = { audio: granted.audioTrack, video: granted.videoTrack };
    setState(granted);
    setFacing(facingOf(granted.videoTrack));
    // Labels come with the permission just granted.
    const lists = await listDevices();
    if (id === generation.current) setDevices(lists);
  }, [forget]);

  /** Puts `track` in place of the kind's current one (stopped), or leaves the kind without. */
  const install = useCallback((kind: CaptureKind, track: MediaStreamTrack | null) => {
    const stream = streamRef.current;
    const old = tracksRef.current[kind];
    if (old && old !== track) {
      stream?.removeTrack(old);
      old.stop();
    }
    if (track) {
      track.enabled = wanted.current[kind];
      stream?.addTrack(track);
    }
    tracksRef.current[kind] = track;
    const enabled = track !== null && wanted.current[kind];
    setState((current) =>
      kind === 'video'
        ? { ...current, videoTrack: track, videoEnabled: enabled }
        : { ...current, audioTrack: track, audioEnabled: enabled },
    );
  }, []);

  /**
   * Opens a new track of `kind` with the first request that works and installs it. The old track
   * is stopped first: a phone opens one camera at a time (Android refuses a second one with
   * NotReadableError), and a stopped track is what frees the device.
   */
  const switchTrack = useCallback(
    async (kind: CaptureKind, requests: readonly DeviceRequest[]): Promise<SwitchResult> => {
      if (!streamRef.current) return null;
      const id = ++switches.current[kind];
      const round = generation.current;
      tracksRef.current[kind]?.stop();
      const opened = await captureTrack(kind, requests);
      if (id !== switches.current[kind] || round !== generation.current) {
        opened?.track.stop();
        return null;
      }
      install(kind, opened?.track ?? null);
      return opened ?? { track: null };
    },
    [install],
  );

  const refreshDevices = useCallback(async () => {
    const round = generation.current;
    const lists = await listDevices();
    if (round === generation.current) setDevices(lists);
    return lists;
  }, []);

  useTrackRecovery({
    ready: state.status === 'ready',
    tracks: { audio: state.audioTrack, video: state.videoTrack },
    currentTracks: () => tracksRef.current,
    chosen: (kind) => chosen.current[kind],
    refreshDevices,
    reopen: switchTrack,
  });

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
      forget();
      // A remount (StrictMode) asks again when the status allows it.
      requested.current = false;
    },
    [forget],
  );

  const toggle = useCallback((kind: CaptureKind) => {
    const track = tracksRef.current[kind];
    if (!track) return;
    const enabled = !track.enabled;
    wanted.current[kind] = enabled;
    track.enabled = enabled;
    setState((current) =>
      kind === 'video'
        ? { ...current, videoEnabled: enabled }
        : { ...current, audioEnabled: enabled },
    );
  }, []);

  const selectDevice = useCallback(
    (inputKind: InputKind, deviceId: string) => {
      const kind: CaptureKind = inputKind === 'audioinput' ? 'audio' : 'video';
      chosen.current[kind] = true;
      const previous = tracksRef.current[kind]?.getSettings().deviceId;
      const fallback: DeviceRequest[] = previous ? [{ deviceId: previous }] : [];
      void switchTrack(kind, [{ deviceId }, ...fallback, 'default']).then((result) => {
        if (kind === 'video' && result?.track) setFacing(facingOf(result.track));
      });
    },
    [switchTrack],
  );

  const flipCamera = useCallback(() => {
    const current = tracksRef.current.video;
    const side: FacingMode = facingOf(current) ?? facing ?? 'user';
    const other: FacingMode = side === 'user' ? 'environment' : 'user';
    const previous = current?.getSettings().deviceId;
    // A desk's cameras have no side: the next camera in the list instead.
    const cameras = devices.videoinput;
    const at = cameras.findIndex((camera) => camera.deviceId === previous);
    const nextCamera = cameras.length > 1 ? cameras[(at + 1) % cameras.length] : undefined;
    const requests: DeviceRequest[] = [{ facingMode: other }];
    if (nextCamera) requests.push({ deviceId: nextCamera.deviceId });
    if (previous) requests.push({ deviceId: previous });
    chosen.current.video = true;
    void switchTrack('video', requests).then((result) => {
      if (!result?.track) return;
      const { request } = result;
      // The browser may not say which side it opened; a side asked for and granted does.
      const asked = request !== undefined && request !== 'default' && 'facingMode' in request;
      setFacing(facingOf(result.track) ?? (asked ? request.facingMode : null));
    });
  }, [devices, facing, switchTrack]);

  const toggleVideo = useCallback(() => toggle('video'), [toggle]);
  const toggleAudio = useCallback(() => toggle('audio'), [toggle]);
  const retry = useCallback(() => void request(), [request]);
  const stop = useCallback(() => {
    generation.current += 1;
    requested.current = true;
    forget();
    setState({ status: 'idle', ...NO_MEDIA });
  }, [forget]);

  const { audioTrack, videoTrack } = state;
  return {
    ...state,
    hasVideo: videoTrack !== null,
    hasAudio: audioTrack !== null,
    toggleVideo,
    toggleAudio,
    retry,
    stop,
    devices,
    audioDeviceId: audioTrack?.getSettings().deviceId ?? null,
    videoDeviceId: videoTrack?.getSettings().deviceId ?? null,
    facingMode: facingOf(videoTrack) ?? facing,
    canFlipCamera: videoTrack !== null && devices.videoinput.length > 1,
    selectDevice,
    flipCamera,
    canChooseSpeaker: supportsSpeakerChoice() && devices.audiooutput.length > 0,
    speakerId,
    selectSpeaker: setSpeakerId,
  };
}
