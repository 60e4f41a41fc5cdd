// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeMediaDevices } from '@web/testing/fake-media';
import { fakeDesk, fakePhone, removeMediaDevices, type FakeTrack } from '@web/testing/fake-media';
import { useLocalMedia } from './use-local-media';
import { MAX_QUICK_RECOVERIES, MUTED_GRACE_MS } from './use-track-recovery';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  removeMediaDevices();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId');
});

async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The room's media on `devices`, granted. */
async function granted(devices: FakeMediaDevices) {
  devices.install();
  const hook = renderHook(() => useLocalMedia(true, { delayMs: 0 }));
  await advance();
  expect(hook.result.current.status).toBe('ready');
  return hook;
}

function deviceOf(track: MediaStreamTrack | null): string | undefined {
  return track?.getSettings().deviceId;
}

/** Every `getUserMedia` request of one kind, in order. */
function requestsOf(devices: FakeMediaDevices, kind: 'audio' | 'video') {
  return devices.getUserMedia.mock.calls.map(([constraints]) => constraints[kind]).filter(Boolean);
}

describe('useLocalMedia: the current tracks and the device lists', () => {
  it('exposes the granted tracks, and the devices with their labels once granted', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const [camera] = phone.live('video');
    const [microphone] = phone.live('audio');
    expect(result.current.videoTrack).toBe(camera);
    expect(result.current.audioTrack).toBe(microphone);
    expect(result.current.stream?.getTracks()).toEqual([camera, microphone]);
    expect(result.current.devices.videoinput.map((device) => device.label)).toEqual([
      'Front Camera',
      'Back Camera',
    ]);
    expect(result.current.devices.audioinput.map((device) => device.label)).toEqual([
      'iPhone Microphone',
    ]);
    expect(result.current.videoDeviceId).toBe('front');
    expect(result.current.audioDeviceId).toBe('phone-mic');
    expect(result.current.canFlipCamera).toBe(true);
    expect(result.current.facingMode).toBe('user');
  });

  it('offers no flip with one camera, and a speaker choice only where setSinkId exists', async () => {
    const { result, rerender } = await granted(fakeDesk());
    expect(result.current.canFlipCamera).toBe(false);
    expect(result.current.canChooseSpeaker).toBe(false);
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: () => Promise.resolve(),
    });
    rerender();
    expect(result.current.canChooseSpeaker).toBe(true);
    act(() => result.current.selectSpeaker('laptop-out'));
    expect(result.current.speakerId).toBe('laptop-out');
  });
});

describe('useLocalMedia: tracks the phone took', () => {
  it('opens an ended camera again on the same device, keeping the toggle off, in the same stream', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const stream = result.current.stream!;
    const [lost] = phone.live('video') as [FakeTrack];
    act(() => result.current.toggleVideo());

    act(() => lost.end());
    await advance();

    const [fresh] = phone.live('video');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(lost);
    expect(result.current.videoTrack).toBe(fresh);
    expect(result.current.stream).toBe(stream);
    expect(stream.getVideoTracks()).toEqual([fresh]);
    expect(requestsOf(phone, 'video').at(-1)).toMatchObject({ deviceId: { exact: 'front' } });
    expect(fresh!.enabled).toBe(false);
    expect(result.current).toMatchObject({ hasVideo: true, videoEnabled: false });
  });

  it('waits for the page to be visible again before asking (iOS refuses capture in the background)', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const [microphone] = phone.live('audio') as [FakeTrack];
    const asked = phone.getUserMedia.mock.calls.length;

    setVisibility('hidden');
    act(() => microphone.end());
    await advance(5000);
    expect(phone.getUserMedia.mock.calls.length).toBe(asked);

    setVisibility('visible');
    await advance();
    expect(phone.getUserMedia.mock.calls.length).toBe(asked + 1);
    expect(result.current.audioTrack).toBe(phone.live('audio')[0]);
    expect(result.current.audioTrack).not.toBe(microphone);
  });

  it('opens a track that is still muted a moment after the page is visible again, not one that recovered', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const [microphone] = phone.live('audio') as [FakeTrack];
    const [camera] = phone.live('video') as [FakeTrack];
    const asked = phone.getUserMedia.mock.calls.length;

    setVisibility('hidden');
    act(() => {
      microphone.mute();
      camera.mute();
    });
    setVisibility('visible');
    act(() => camera.unmute());
    await advance(MUTED_GRACE_MS - 1);
    expect(phone.getUserMedia.mock.calls.length).toBe(asked);
    await advance(1);

    expect(phone.getUserMedia.mock.calls.length).toBe(asked + 1);
    expect(requestsOf(phone, 'audio').at(-1)).toMatchObject({ deviceId: { exact: 'phone-mic' } });
    expect(microphone.stop).toHaveBeenCalled();
    expect(result.current.audioTrack).not.toBe(microphone);
    expect(result.current.videoTrack).toBe(camera);
  });

  it('moves to the default microphone when the headset in use is unplugged', async () => {
    const desk = fakeDesk();
    desk.devices.unshift({
      kind: 'audioinput',
      deviceId: 'headset-mic',
      label: 'Headset',
      groupId: 'headset',
    });
    const { result } = await granted(desk);
    expect(result.current.audioDeviceId).toBe('headset-mic');

    act(() => desk.unplug('headset-mic'));
    await advance();

    expect(result.current.audioDeviceId).toBe('laptop-mic');
    expect(requestsOf(desk, 'audio').at(-1)).not.toHaveProperty('deviceId');
    expect(result.current.devices.audioinput.map((device) => device.deviceId)).toEqual([
      'laptop-mic',
    ]);
  });

  it("follows the system's default microphone to a headset plugged in, unless one was picked", async () => {
    const laptopDefault = {
      kind: 'audioinput' as const,
      deviceId: 'default',
      label: 'Default - Built-in Microphone',
      groupId: 'laptop',
    };
    const desk = fakeDesk();
    desk.devices.unshift(laptopDefault);
    const { result } = await granted(desk);
    const first = result.current.audioTrack;
    expect(first?.getSettings().groupId).toBe('laptop');
    const headset = [
      { ...laptopDefault, label: 'Default - Headset', groupId: 'headset' },
      {
        kind: 'audioinput' as const,
        deviceId: 'headset-mic',
        label: 'Headset',
        groupId: 'headset',
      },
      ...desk.devices.slice(1),
    ];

    act(() => desk.change(headset));
    await advance();
    expect(result.current.audioTrack).not.toBe(first);
    expect(result.current.audioTrack?.getSettings().groupId).toBe('headset');

    // Picked by hand: a later change of the default leaves it.
    act(() => result.current.selectDevice('audioinput', 'laptop-mic'));
    await advance();
    const picked = result.current.audioTrack;
    expect(deviceOf(picked)).toBe('laptop-mic');
    act(() => desk.change([...headset]));
    await advance();
    expect(result.current.audioTrack).toBe(picked);
  });

  it('does not loop on a device that ends every track at once, and tries again on the next visibility', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const asked = phone.getUserMedia.mock.calls.length;
    const broken = () => {
      const [camera] = phone.live('video');
      act(() => camera?.end());
    };
    for (let round = 0; round < 10; round += 1) {
      broken();
      await advance();
    }
    expect(phone.getUserMedia.mock.calls.length - asked).toBe(MAX_QUICK_RECOVERIES);
    expect(result.current).toMatchObject({ hasVideo: false, videoTrack: null });

    setVisibility('visible');
    await advance();
    expect(phone.getUserMedia.mock.calls.length - asked).toBe(MAX_QUICK_RECOVERIES + 1);
    expect(result.current.hasVideo).toBe(true);
  });

  it('tries again on the next device change when the device could not be opened', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const [camera] = phone.live('video') as [FakeTrack];
    phone.refuse('video');
    act(() => camera.end());
    await advance();
    expect(result.current).toMatchObject({ hasVideo: false, videoTrack: null });

    phone.refuse('video', false);
    act(() => phone.change([...phone.devices]));
    await advance();
    expect(result.current.hasVideo).toBe(true);
    expect(result.current.videoTrack).toBe(phone.live('video')[0]);
  });
});

describe('useLocalMedia: choosing devices', () => {
  it('flips to the rear camera and back, freeing the old camera before opening the next', async () => {
    const phone = fakePhone();
    const { result } = await granted(phone);
    const [front] = phone.live('video') as [FakeTrack];
    phone.getUserMedia.mockImplementationOnce((constraints) => {
      // A phone opens one camera at a time.
      expect(front.stop).toHaveBeenCalled();
      return phone.getUserMedia.getMockImplementation()!(constraints);
    });

    act(() => result.current.flipCamera());
    await advance();
    expect(requestsOf(phone, 'video').at(-1)).toMatchObject({
      facingMode: { exact: 'environment' },
    });
    expect(result.current.videoDeviceId).toBe('rear');
    expect(result.current.facingMode).toBe('environment');
    expect(result.current.stream?.getVideoTracks()).toEqual([result.current.videoTrack]);

    act(() => result.current.flipCamera());
    await advance();
    expect(result.current.videoDeviceId).toBe('front');
    expect(result.current.facingMode).toBe('user');
  });

  it('keeps the camera it had when the other side cannot be opened', async () => {
    const phone = fakePhone();
    phone.devices = phone.devices.filter((device) => device.deviceId !== 'rear');
    const { result } = await granted(phone);
    act(() => result.current.flipCamera());
    await advance();
    expect(result.current.videoDeviceId).toBe('front');
    expect(result.current.facingMode).toBe('user');
    expect(result.current.hasVideo).toBe(true);
  });

  it("switches to a desk's next camera, which has no side", async () => {
    const desk = fakeDesk();
    desk.devices.push({ kind: 'videoinput', deviceId: 'doc-cam', label: 'Document Camera' });
    const { result } = await granted(desk);
    expect(result.current).toMatchObject({ canFlipCamera: true, facingMode: null });
    act(() => result.current.flipCamera());
    await advance();
    expect(result.current.videoDeviceId).toBe('doc-cam');
    act(() => result.current.flipCamera());
    await advance();
    expect(result.current.videoDeviceId).toBe('webcam');
    expect(result.current.facingMode).toBeNull();
  });

  it('opens the microphone and camera picked, with the exact device', async () => {
    const desk = fakeDesk();
    desk.devices.push(
      { kind: 'audioinput', deviceId: 'usb-mic', label: 'USB Microphone', groupId: 'usb' },
      { kind: 'videoinput', deviceId: 'doc-cam', label: 'Document Camera', groupId: 'doc' },
    );
    const { result } = await granted(desk);
    const laptopMic = result.current.audioTrack;

    act(() => result.current.selectDevice('audioinput', 'usb-mic'));
    await advance();
    expect(requestsOf(desk, 'audio').at(-1)).toMatchObject({ deviceId: { exact: 'usb-mic' } });
    expect(result.current.audioDeviceId).toBe('usb-mic');
    expect(laptopMic?.readyState).toBe('ended');

    act(() => result.current.selectDevice('videoinput', 'doc-cam'));
    await advance();
    expect(result.current.videoDeviceId).toBe('doc-cam');
    expect(result.current.stream?.getTracks().map(deviceOf)).toEqual(['usb-mic', 'doc-cam']);
  });

  it('drops a switch that answers after the page was left', async () => {
    const phone = fakePhone();
    const { result, unmount } = await granted(phone);
    act(() => result.current.flipCamera());
    unmount();
    await advance();
    expect(phone.live('video')).toEqual([]);
    expect(phone.live('audio')).toEqual([]);
  });
});
