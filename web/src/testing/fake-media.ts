import { vi } from 'vitest';

/** What a fake track reports as its settings (the device it captures from). */
export interface FakeTrackSettings {
  deviceId?: string;
  groupId?: string;
  facingMode?: 'user' | 'environment';
}

/**
 * A MediaStreamTrack stand-in: an event target with the fields the pages read. `end()` is the
 * browser ending the capture (a device unplugged, iOS taking the microphone for a phone call),
 * `mute()`/`unmute()` the browser pausing it; `stop()` is the page's own stop (no event).
 */
export interface FakeTrack extends EventTarget {
  kind: 'audio' | 'video';
  enabled: boolean;
  muted: boolean;
  readyState: 'live' | 'ended';
  stop: ReturnType<typeof vi.fn>;
  getSettings: () => FakeTrackSettings;
  end: () => void;
  mute: () => void;
  unmute: () => void;
}

export function fakeTrack(kind: 'audio' | 'video', settings: FakeTrackSettings = {}): FakeTrack {
  const track: FakeTrack = Object.assign(new EventTarget(), {
    kind,
    enabled: true,
    muted: false,
    readyState: 'live' as const,
    stop: vi.fn(() => {
      track.readyState = 'ended';
    }),
    getSettings: () => ({ ...settings }),
    end: () => {
      track.readyState = 'ended';
      track.dispatchEvent(new Event('ended'));
    },
    mute: () => {
      track.muted = true;
      track.dispatchEvent(new Event('mute'));
    },
    unmute: () => {
      track.muted = false;
      track.dispatchEvent(new Event('unmute'));
    },
  });
  return track;
}

/** A MediaStream stand-in with the given tracks (an event target, as remote streams are). */
export function fakeStream(...tracks: FakeTrack[]): MediaStream {
  return Object.assign(new EventTarget(), {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    addTrack: (track: FakeTrack) => {
      if (!tracks.includes(track)) tracks.push(track);
    },
    removeTrack: (track: FakeTrack) => {
      const index = tracks.indexOf(track);
      if (index >= 0) tracks.splice(index, 1);
    },
  }) as unknown as MediaStream;
}

/** A remote track arrives in a stream made by `fakeStream`. */
export function addFakeTrack(stream: MediaStream, track: FakeTrack): void {
  (stream.getTracks() as unknown as FakeTrack[]).push(track);
  stream.dispatchEvent(new Event('addtrack'));
}

/** Installs `navigator.mediaDevices.getUserMedia`; `undefined` removes media support. */
export function installGetUserMedia(
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined,
) {
  const mock = getUserMedia ? vi.fn(getUserMedia) : undefined;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: mock ? { getUserMedia: mock } : undefined,
  });
  return mock;
}

export function removeMediaDevices(): void {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

/** A capture device of a `FakeMediaDevices`. */
export interface FakeDevice {
  kind: MediaDeviceKind;
  deviceId: string;
  label: string;
  groupId?: string;
  facingMode?: 'user' | 'environment';
}

function constraintValue(value: unknown): { exact?: unknown; ideal?: unknown } {
  if (value && typeof value === 'object') return value;
  return value === undefined ? {} : { ideal: value };
}

function overconstrained(): DOMException {
  return new DOMException('No such device', 'OverconstrainedError');
}

/**
 * `navigator.mediaDevices` of a phone or a desk: `enumerateDevices` lists `devices` (labels only
 * once a capture was granted, as browsers do), `getUserMedia` opens the device a constraint asks
 * for (`deviceId` / `facingMode`, exact or ideal; the first of its kind by default), `plug` and
 * `unplug` change the list and fire `devicechange` (an unplugged device's tracks end).
 * `refuse(kind)` makes the next requests for that kind fail, like a camera another app holds.
 */
export class FakeMediaDevices extends EventTarget {
  devices: FakeDevice[];
  /** Every track handed out, in order. */
  readonly opened: { device: FakeDevice; track: FakeTrack }[] = [];
  private granted = false;
  private readonly refused = new Set<'audio' | 'video'>();

  readonly getUserMedia = vi.fn((constraints: MediaStreamConstraints) => this.open(constraints));
  readonly enumerateDevices = vi.fn(() =>
    Promise.resolve(
      this.devices.map(({ kind, deviceId, label, groupId = '' }) => ({
        kind,
        deviceId,
        groupId,
        label: this.granted ? label : '',
        toJSON: () => ({}),
      })) as MediaDeviceInfo[],
    ),
  );

  constructor(devices: FakeDevice[]) {
    super();
    this.devices = devices;
  }

  /** Makes `navigator.mediaDevices` this object until `removeMediaDevices()`. */
  install(): this {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: this });
    return this;
  }

  /** The live tracks of a kind, newest last. */
  live(kind: 'audio' | 'video'): FakeTrack[] {
    return this.opened
      .filter(({ track }) => track.kind === kind && track.readyState === 'live')
      .map(({ track }) => track);
  }

  refuse(kind: 'audio' | 'video', refused = true): void {
    if (refused) this.refused.add(kind);
    else this.refused.delete(kind);
  }

  plug(device: FakeDevice, { first = false } = {}): void {
    this.devices = first ? [device, ...this.devices] : [...this.devices, device];
    this.dispatchEvent(new Event('devicechange'));
  }

  /** The whole list changes at once (the system's default moved to a headset). */
  change(devices: FakeDevice[]): void {
    this.devices = devices;
    this.dispatchEvent(new Event('devicechange'));
  }

  unplug(deviceId: string): void {
    this.devices = this.devices.filter((device) => device.deviceId !== deviceId);
    this.opened
      .filter(({ device, track }) => device.deviceId === deviceId && track.readyState === 'live')
      .forEach(({ track }) => track.end());
    this.dispatchEvent(new Event('devicechange'));
  }

  private pick(kind: 'audio' | 'video', request: boolean | MediaTrackConstraints): FakeDevice {
    const mediaKind: MediaDeviceKind = kind === 'audio' ? 'audioinput' : 'videoinput';
    const candidates = this.devices.filter((device) => device.kind === mediaKind);
    if (this.refused.has(kind) || candidates.length === 0) {
      throw new DOMException('Could not start the device', 'NotReadableError');
    }
    const wanted = typeof request === 'object' ? request : {};
    const deviceId = constraintValue(wanted.deviceId);
    const facing = constraintValue(wanted.facingMode);
    const byId = (id: unknown) => candidates.find((device) => device.deviceId === id);
    const byFacing = (mode: unknown) => candidates.find((device) => device.facingMode === mode);
    if (deviceId.exact !== undefined) {
      const device = byId(deviceId.exact);
      if (!device) throw overconstrained();
      return device;
    }
    if (facing.exact !== undefined) {
      const device = byFacing(facing.exact);
      if (!device) throw overconstrained();
      return device;
    }
    return byId(deviceId.ideal) ?? byFacing(facing.ideal) ?? candidates[0]!;
  }

  private open(constraints: MediaStreamConstraints): Promise<MediaStream> {
    try {
      const tracks = (['video', 'audio'] as const)
        .filter((kind) => constraints[kind])
        .map((kind) => {
          const device = this.pick(kind, constraints[kind]!);
          const track = fakeTrack(kind, {
            deviceId: device.deviceId,
            groupId: device.groupId ?? '',
            ...(device.facingMode ? { facingMode: device.facingMode } : {}),
          });
          return { device, track };
        });
      this.opened.push(...tracks);
      this.granted = true;
      return Promise.resolve(fakeStream(...tracks.map(({ track }) => track)));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** A phone: front and rear camera, its microphone; no speaker choice. */
export function fakePhone(): FakeMediaDevices {
  return new FakeMediaDevices([
    { kind: 'videoinput', deviceId: 'front', label: 'Front Camera', facingMode: 'user' },
    { kind: 'videoinput', deviceId: 'rear', label: 'Back Camera', facingMode: 'environment' },
    { kind: 'audioinput', deviceId: 'phone-mic', label: 'iPhone Microphone', groupId: 'phone' },
  ]);
}

/** A desk: one webcam, the laptop's microphone and speakers. */
export function fakeDesk(): FakeMediaDevices {
  return new FakeMediaDevices([
    { kind: 'videoinput', deviceId: 'webcam', label: 'HD Webcam', groupId: 'webcam' },
    { kind: 'audioinput', deviceId: 'laptop-mic', label: 'Built-in Microphone', groupId: 'laptop' },
    { kind: 'audiooutput', deviceId: 'laptop-out', label: 'Built-in Speakers', groupId: 'laptop' },
  ]);
}
