import { vi } from 'vitest';

export interface FakeTrack {
  kind: 'audio' | 'video';
  enabled: boolean;
  stop: ReturnType<typeof vi.fn>;
}

export function fakeTrack(kind: 'audio' | 'video'): FakeTrack {
  return { kind, enabled: true, stop: vi.fn() };
}

/** A MediaStream stand-in with the given tracks (an event target, as remote streams are). */
export function fakeStream(...tracks: FakeTrack[]): MediaStream {
  return Object.assign(new EventTarget(), {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
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
