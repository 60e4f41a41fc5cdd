import { useEffect, useEffectEvent, useRef } from 'react';
import type { CaptureKind, DeviceRequest } from './media-constraints';
import { defaultMoved, deviceGone, inputKindOf, type DeviceLists } from './media-devices';

/**
 * How long a track may stay muted once the page is visible again before it is opened anew: iOS
 * unmutes a track by itself shortly after an interruption (Siri, a notification) when it can.
 */
export const MUTED_GRACE_MS = 1000;

/**
 * A device that fails again at once (a broken camera, a driver that ends every track) must not
 * loop: after `MAX_QUICK_RECOVERIES` within `QUICK_RECOVERY_WINDOW_MS`, the kind waits for the
 * next visibility or device change.
 */
export const MAX_QUICK_RECOVERIES = 3;
export const QUICK_RECOVERY_WINDOW_MS = 10_000;

const KINDS: readonly CaptureKind[] = ['audio', 'video'];

export type Tracks = Record<CaptureKind, MediaStreamTrack | null>;

/**
 * A switch's outcome: the new track (null: none could be opened) and the request that opened it;
 * null when a newer switch or request took over.
 */
export type SwitchResult = { track: MediaStreamTrack | null; request?: DeviceRequest } | null;

export interface TrackRecoveryOptions {
  /** A stream was granted (nothing to recover before, or after the end). */
  ready: boolean;
  /** The current tracks, as rendered (their `ended` events are listened to). */
  tracks: Tracks;
  /** The current tracks now (a handler runs after renders). */
  currentTracks: () => Tracks;
  /** The patient picked this kind's device: the system default is not followed then. */
  chosen: (kind: CaptureKind) => boolean;
  refreshDevices: () => Promise<DeviceLists>;
  /** Opens a new track of the kind with the first request that works (the old one stopped). */
  reopen: (kind: CaptureKind, requests: readonly DeviceRequest[]) => Promise<SwitchResult>;
}

function visible(): boolean {
  return document.visibilityState !== 'hidden';
}

/**
 * Opens a local track again when the phone took it (LiveKit's LocalTrack does the same):
 * - it `ended` (a device unplugged; iOS ends capture for a phone call or Siri): at once when the
 *   page is visible, else when it becomes visible again (iOS refuses capture in the background);
 * - it is still `muted` `MUTED_GRACE_MS` after the page became visible again (another app kept
 *   the microphone, so Safari would send silence);
 * - a `devicechange` removed its device, or moved the system's default microphone (a headset in
 *   or out) while the patient had not picked one.
 * The same device is asked for again if it is still listed, else the default. A kind that could
 * not be opened is tried again on the next visibility or device change.
 */
export function useTrackRecovery({
  ready,
  tracks,
  currentTracks,
  chosen,
  refreshDevices,
  reopen,
}: TrackRecoveryOptions): void {
  const pending = useRef(new Set<CaptureKind>());
  const busy = useRef(new Set<CaptureKind>());
  const recent = useRef<Record<CaptureKind, number[]>>({ audio: [], video: [] });

  /**
   * Counts a recovery of `kind`; false when there were too many just now. A visibility or device
   * change (`fresh`) starts the count again.
   */
  const allowed = (kind: CaptureKind, fresh: boolean) => {
    const now = Date.now();
    if (fresh) recent.current[kind] = [];
    const times = recent.current[kind].filter((at) => now - at < QUICK_RECOVERY_WINDOW_MS);
    recent.current[kind] = times;
    if (times.length >= MAX_QUICK_RECOVERIES) return false;
    times.push(now);
    return true;
  };

  const recover = async (
    kind: CaptureKind,
    { sameDevice, fresh = false }: { sameDevice: boolean; fresh?: boolean },
  ) => {
    if (busy.current.has(kind)) return;
    if (!allowed(kind, fresh)) {
      // Without the dead track, the page says the device is not available.
      pending.current.add(kind);
      await reopen(kind, []);
      return;
    }
    busy.current.add(kind);
    pending.current.delete(kind);
    try {
      const lost = currentTracks()[kind];
      const lists = await refreshDevices();
      const list = lists[inputKindOf(kind)];
      const deviceId = lost?.getSettings().deviceId;
      const listed = list.length === 0 || list.some((device) => device.deviceId === deviceId);
      const requests: DeviceRequest[] =
        sameDevice && deviceId && listed ? [{ deviceId }, 'default'] : ['default'];
      const result = await reopen(kind, requests);
      if (result && !result.track) pending.current.add(kind);
    } finally {
      busy.current.delete(kind);
    }
  };

  const onEnded = useEffectEvent((kind: CaptureKind) => {
    if (visible()) void recover(kind, { sameDevice: true });
    else pending.current.add(kind);
  });

  const onVisible = useEffectEvent((timers: Set<ReturnType<typeof setTimeout>>) => {
    if (!visible()) return;
    for (const kind of KINDS) {
      const track = currentTracks()[kind];
      if (pending.current.has(kind) || track?.readyState === 'ended') {
        void recover(kind, { sameDevice: true, fresh: true });
      } else if (track?.muted) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (currentTracks()[kind] === track && track.muted && visible()) {
            void recover(kind, { sameDevice: true });
          }
        }, MUTED_GRACE_MS);
        timers.add(timer);
      }
    }
  });

  const onDeviceChange = useEffectEvent(async () => {
    const lists = await refreshDevices();
    for (const kind of KINDS) {
      const track = currentTracks()[kind];
      const list = lists[inputKindOf(kind)];
      if (!track) {
        if (pending.current.has(kind) && visible()) {
          void recover(kind, { sameDevice: false, fresh: true });
        }
      } else if (track.readyState === 'ended' || deviceGone(track, list)) {
        void recover(kind, { sameDevice: false });
      } else if (kind === 'audio' && !chosen(kind) && defaultMoved(track, list)) {
        void recover(kind, { sameDevice: false });
      }
    }
  });

  const { audio, video } = tracks;
  useEffect(() => {
    if (!ready) return;
    const subscriptions = (
      [
        ['audio', audio],
        ['video', video],
      ] as const
    ).map(([kind, track]) => {
      if (!track) return () => undefined;
      const ended = () => onEnded(kind);
      track.addEventListener('ended', ended);
      return () => track.removeEventListener('ended', ended);
    });
    return () => subscriptions.forEach((unsubscribe) => unsubscribe());
  }, [ready, audio, video]);

  useEffect(() => {
    if (!ready) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const visibilityChanged = () => onVisible(timers);
    const devicesChanged = () => void onDeviceChange();
    const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
    document.addEventListener('visibilitychange', visibilityChanged);
    // `installGetUserMedia`-style objects and old browsers have no events.
    const watchesDevices = typeof mediaDevices?.addEventListener === 'function';
    if (watchesDevices) mediaDevices.addEventListener('devicechange', devicesChanged);
    const waiting = pending.current;
    return () => {
      document.removeEventListener('visibilitychange', visibilityChanged);
      if (watchesDevices) mediaDevices.removeEventListener('devicechange', devicesChanged);
      timers.forEach((timer) => clearTimeout(timer));
      waiting.clear();
    };
  }, [ready]);
}
