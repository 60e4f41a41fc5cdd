import type { CaptureKind } from './media-constraints';

export type InputKind = 'audioinput' | 'videoinput';

/** One entry of a device list, as a select shows it. */
export interface DeviceOption {
  deviceId: string;
  label: string;
  groupId: string;
}

export interface DeviceLists {
  audioinput: DeviceOption[];
  videoinput: DeviceOption[];
  audiooutput: DeviceOption[];
}

export const NO_DEVICES: DeviceLists = { audioinput: [], videoinput: [], audiooutput: [] };

const FALLBACK_NAMES: Record<MediaDeviceKind, string> = {
  audioinput: 'Microphone',
  videoinput: 'Camera',
  audiooutput: 'Speaker',
};

export function inputKindOf(kind: CaptureKind): InputKind {
  return kind === 'audio' ? 'audioinput' : 'videoinput';
}

/**
 * The cameras, microphones and speakers, in the browser's order (the first is the default where
 * there is no 'default' entry). Browsers give labels only once a capture was granted; until then
 * the entries are numbered. No list where the browser cannot enumerate.
 */
export async function listDevices(): Promise<DeviceLists> {
  const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (typeof mediaDevices?.enumerateDevices !== 'function') return NO_DEVICES;
  let infos: MediaDeviceInfo[];
  try {
    infos = await mediaDevices.enumerateDevices();
  } catch {
    return NO_DEVICES;
  }
  const lists: DeviceLists = { audioinput: [], videoinput: [], audiooutput: [] };
  for (const info of infos) {
    const list = lists[info.kind];
    // Without permission some browsers list one anonymous entry per kind (no id): not a choice.
    if (!info.deviceId) continue;
    list.push({
      deviceId: info.deviceId,
      label: info.label || `${FALLBACK_NAMES[info.kind]} ${list.length + 1}`,
      groupId: info.groupId,
    });
  }
  return lists;
}

/** The track's device is no longer listed (unplugged). An empty list proves nothing. */
export function deviceGone(track: MediaStreamTrack, list: readonly DeviceOption[]): boolean {
  const { deviceId } = track.getSettings();
  if (!deviceId || list.length === 0) return false;
  return !list.some((device) => device.deviceId === deviceId);
}

/**
 * The system's default microphone is now another device than the one this track captures
 * (a headset plugged in or out): Chrome lists a 'default' entry with the real device's group;
 * other browsers put the default first. Unknown groups prove nothing.
 */
export function defaultMoved(track: MediaStreamTrack, list: readonly DeviceOption[]): boolean {
  const current = track.getSettings().groupId;
  const preferred = list.find((device) => device.deviceId === 'default') ?? list[0];
  if (!current || !preferred?.groupId) return false;
  return preferred.groupId !== current;
}

/** `HTMLMediaElement.setSinkId` (Chrome, Edge, Firefox 116+; not Safari on iOS). */
export function supportsSpeakerChoice(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}
