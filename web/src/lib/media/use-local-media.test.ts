// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeStream,
  fakeTrack,
  installGetUserMedia,
  removeMediaDevices,
} from '@web/testing/fake-media';
import {
  AUDIO_CONSTRAINTS,
  MEDIA_REQUEST_DELAY_MS,
  useLocalMedia,
  VIDEO_CONSTRAINTS,
} from './use-local-media';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  removeMediaDevices();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const FULL = {
  video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' },
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

describe('useLocalMedia', () => {
  it('states the constraints of spec doc 1 §4', () => {
    expect({ video: VIDEO_CONSTRAINTS, audio: AUDIO_CONSTRAINTS }).toEqual(FULL);
    expect(MEDIA_REQUEST_DELAY_MS).toBe(1000);
  });

  it('asks for camera and microphone one second after becoming active', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    const { result } = renderHook(() => useLocalMedia(true));
    expect(result.current.status).toBe('idle');

    await advance(999);
    expect(getUserMedia).not.toHaveBeenCalled();
    await advance(1);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith(FULL);
    expect(result.current).toMatchObject({
      status: 'ready',
      hasVideo: true,
      hasAudio: true,
      videoEnabled: true,
      audioEnabled: true,
    });
    expect(result.current.stream?.getTracks()).toEqual([camera, microphone]);
  });

  it('does nothing while inactive, and asks only once', async () => {
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream(fakeTrack('audio'))));
    const { rerender } = renderHook(({ active }) => useLocalMedia(active), {
      initialProps: { active: false },
    });
    await advance(5000);
    expect(getUserMedia).not.toHaveBeenCalled();

    rerender({ active: true });
    await advance(1000);
    rerender({ active: false });
    rerender({ active: true });
    await advance(5000);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('falls back to the microphone alone when the camera fails', async () => {
    const microphone = fakeTrack('audio');
    const getUserMedia = installGetUserMedia((constraints) =>
      constraints.video
        ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
        : Promise.resolve(fakeStream(microphone)),
    );
    const { result } = renderHook(() => useLocalMedia(true));
    await advance(1000);

    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: FULL.audio });
    expect(result.current).toMatchObject({ status: 'ready', hasVideo: false, hasAudio: true });
  });

  it('reports both devices missing when nothing can be opened', async () => {
    installGetUserMedia(() => Promise.reject(new DOMException('No device', 'NotFoundError')));
    const { result } = renderHook(() => useLocalMedia(true));
    await advance(1000);
    expect(result.current).toMatchObject({ status: 'denied', hasVideo: false, hasAudio: false });
  });

  it('reports both devices missing when the browser cannot capture media', async () => {
    installGetUserMedia(undefined);
    const { result } = renderHook(() => useLocalMedia(true));
    await advance(1000);
    expect(result.current).toMatchObject({
      status: 'unsupported',
      hasVideo: false,
      hasAudio: false,
    });
  });

  it('toggles the camera and microphone tracks', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    const { result } = renderHook(() => useLocalMedia(true));
    await advance(1000);

    act(() => result.current.toggleVideo());
    expect(camera.enabled).toBe(false);
    expect(result.current.videoEnabled).toBe(false);
    expect(microphone.enabled).toBe(true);

    act(() => result.current.toggleAudio());
    expect(microphone.enabled).toBe(false);
    expect(result.current.audioEnabled).toBe(false);

    act(() => result.current.toggleVideo());
    expect(camera.enabled).toBe(true);
    expect(result.current.videoEnabled).toBe(true);
  });

  it('stops every track when the page is left', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    const { unmount } = renderHook(() => useLocalMedia(true));
    await advance(1000);

    unmount();
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(microphone.stop).toHaveBeenCalledTimes(1);
  });

  it('stops a stream that arrives after the page was left', async () => {
    const camera = fakeTrack('video');
    let grant: (stream: MediaStream) => void = () => undefined;
    installGetUserMedia(
      () =>
        new Promise<MediaStream>((resolve) => {
          grant = resolve;
        }),
    );
    const { unmount } = renderHook(() => useLocalMedia(true));
    await advance(1000);
    unmount();

    await act(async () => {
      grant(fakeStream(camera));
      await Promise.resolve();
    });
    expect(camera.stop).toHaveBeenCalledTimes(1);
  });

  it('retry stops the old tracks and asks again', async () => {
    const first = fakeTrack('audio');
    const camera = fakeTrack('video');
    const getUserMedia = installGetUserMedia(vi.fn());
    getUserMedia!
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'))
      .mockResolvedValueOnce(fakeStream(first))
      .mockResolvedValueOnce(fakeStream(camera, fakeTrack('audio')));
    const { result } = renderHook(() => useLocalMedia(true));
    await advance(1000);
    expect(result.current.hasVideo).toBe(false);

    act(() => result.current.retry());
    expect(first.stop).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(getUserMedia).toHaveBeenCalledTimes(3);
    expect(getUserMedia).toHaveBeenLastCalledWith(FULL);
    expect(result.current).toMatchObject({ status: 'ready', hasVideo: true, hasAudio: true });
  });

  it('asks at once with no delay (the room), audio only when the camera is refused', async () => {
    const microphone = fakeTrack('audio');
    const getUserMedia = installGetUserMedia(vi.fn());
    getUserMedia!
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'))
      .mockResolvedValueOnce(fakeStream(microphone));
    const { result } = renderHook(() => useLocalMedia(true, { delayMs: 0 }));
    await advance(0);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'ready', hasVideo: false, hasAudio: true });
  });

  it('stop stops every track and asks no more', async () => {
    const camera = fakeTrack('video');
    const microphone = fakeTrack('audio');
    const getUserMedia = installGetUserMedia(() => Promise.resolve(fakeStream(camera, microphone)));
    const { result, rerender } = renderHook(({ active }) => useLocalMedia(active, { delayMs: 0 }), {
      initialProps: { active: true },
    });
    await advance(0);
    act(() => result.current.stop());
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(microphone.stop).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ stream: null, hasVideo: false, hasAudio: false });
    rerender({ active: false });
    rerender({ active: true });
    await advance(1000);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});
