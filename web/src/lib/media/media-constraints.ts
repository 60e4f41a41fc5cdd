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

export type CaptureKind = 'audio' | 'video';
export type FacingMode = 'user' | 'environment';

/** Which capture device to open: one by id, one facing a side (exact), or the default. */
export type DeviceRequest = { deviceId: string } | { facingMode: FacingMode } | 'default';

/**
 * The constraints of one track: spec doc 1 §4's, with the device asked for. A device or a side
 * is `exact`, so the browser fails rather than quietly opening another one (the caller then
 * falls back on purpose).
 */
export function constraintsFor(kind: CaptureKind, request: DeviceRequest): MediaTrackConstraints {
  if (kind === 'audio') {
    if (request !== 'default' && 'deviceId' in request) {
      return { ...AUDIO_CONSTRAINTS, deviceId: { exact: request.deviceId } };
    }
    return { ...AUDIO_CONSTRAINTS };
  }
  const { width, height } = VIDEO_CONSTRAINTS;
  if (request === 'default') return { ...VIDEO_CONSTRAINTS };
  if ('deviceId' in request) return { width, height, deviceId: { exact: request.deviceId } };
  return { width, height, facingMode: { exact: request.facingMode } };
}
