// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalMedia } from '@web/lib/media/use-local-media';
import { DeviceSettings } from './DeviceSettings';

afterEach(cleanup);

const option = (deviceId: string, label: string) => ({ deviceId, label, groupId: '' });

/** The media of a granted page, with its device fields. */
function grantedMedia(overrides: Partial<LocalMedia> = {}): LocalMedia {
  return {
    status: 'ready',
    stream: null,
    audioTrack: null,
    videoTrack: null,
    hasVideo: true,
    hasAudio: true,
    videoEnabled: true,
    audioEnabled: true,
    toggleVideo: vi.fn(),
    toggleAudio: vi.fn(),
    retry: vi.fn(),
    stop: vi.fn(),
    devices: {
      audioinput: [option('laptop-mic', 'Built-in Microphone'), option('usb-mic', 'USB Mic')],
      videoinput: [option('webcam', 'HD Webcam')],
      audiooutput: [option('laptop-out', 'Built-in Speakers'), option('headset', 'Headset')],
    },
    audioDeviceId: 'laptop-mic',
    videoDeviceId: 'webcam',
    facingMode: null,
    canFlipCamera: false,
    selectDevice: vi.fn(),
    flipCamera: vi.fn(),
    canChooseSpeaker: false,
    speakerId: null,
    selectSpeaker: vi.fn(),
    ...overrides,
  };
}

function openDevices() {
  const toggle = screen.getByRole('button', { name: 'Devices' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return screen.getByRole('group', { name: 'Choose your devices' });
}

describe('DeviceSettings', () => {
  it('offers the rear camera on a phone, then the front one', () => {
    const media = grantedMedia({ canFlipCamera: true, facingMode: 'user' });
    const { rerender } = render(<DeviceSettings media={media} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use Rear Camera' }));
    expect(media.flipCamera).toHaveBeenCalledTimes(1);
    rerender(<DeviceSettings media={{ ...media, facingMode: 'environment' }} />);
    expect(screen.getByRole('button', { name: 'Use Front Camera' })).toBeTruthy();
  });

  it('offers no camera switch with one camera', () => {
    render(<DeviceSettings media={grantedMedia()} />);
    expect(screen.queryByRole('button', { name: /Camera$/ })).toBeNull();
  });

  it('lists the microphones and cameras in labelled selects behind a disclosure', () => {
    const media = grantedMedia();
    render(<DeviceSettings media={media} />);
    expect(screen.getByRole('group', { hidden: true }).hidden).toBe(true);
    const panel = openDevices();
    const microphone = within(panel).getByRole<HTMLSelectElement>('combobox', {
      name: 'Microphone',
    });
    expect(microphone.value).toBe('laptop-mic');
    expect([...microphone.options].map((item) => item.text)).toEqual([
      'Built-in Microphone',
      'USB Mic',
    ]);
    fireEvent.change(microphone, { target: { value: 'usb-mic' } });
    expect(media.selectDevice).toHaveBeenCalledWith('audioinput', 'usb-mic');
    expect(within(panel).getByRole<HTMLSelectElement>('combobox', { name: 'Camera' }).value).toBe(
      'webcam',
    );
    expect(within(panel).queryByRole('combobox', { name: 'Speaker' })).toBeNull();
  });

  it('offers the speaker where the browser can choose one', () => {
    const media = grantedMedia({ canChooseSpeaker: true });
    render(<DeviceSettings media={media} />);
    const speaker = within(openDevices()).getByRole<HTMLSelectElement>('combobox', {
      name: 'Speaker',
    });
    expect(speaker.value).toBe('laptop-out');
    fireEvent.change(speaker, { target: { value: 'headset' } });
    expect(media.selectSpeaker).toHaveBeenCalledWith('headset');
  });

  it('shows nothing before the devices were granted', () => {
    render(<DeviceSettings media={grantedMedia({ status: 'requesting' })} />);
    expect(screen.queryByRole('button', { name: 'Devices' })).toBeNull();
  });
});
