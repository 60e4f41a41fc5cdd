// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStream, fakeTrack } from '@web/testing/fake-media';
import { RemoteVideo } from './RemoteVideo';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CAMERA_OFF = 'Dr. Ada Lovelace turned their camera off';

describe('RemoteVideo: the other party turned their camera off', () => {
  it('says so over the video instead of black frames, and badges it', () => {
    render(
      <RemoteVideo
        stream={fakeStream(fakeTrack('audio'), fakeTrack('video'))}
        name="Dr. Ada Lovelace"
        peerMedia={{ audio: true, video: false }}
      />,
    );
    expect(screen.getByTestId('remote-camera-off').textContent).toBe(CAMERA_OFF);
    expect(screen.getByText('Dr. Ada Lovelace has turned their camera off')).toBeTruthy();
  });

  it('shows the video while the camera is on, with the Muted badge when the microphone is off', () => {
    render(
      <RemoteVideo
        stream={fakeStream(fakeTrack('audio'), fakeTrack('video'))}
        name="Dr. Ada Lovelace"
        peerMedia={{ audio: false, video: true }}
      />,
    );
    expect(screen.queryByText(CAMERA_OFF)).toBeNull();
    expect(screen.getByText('Dr. Ada Lovelace has muted their microphone')).toBeTruthy();
  });

  it('keeps the audio-only sentence when there is no camera at all', () => {
    render(
      <RemoteVideo
        stream={fakeStream(fakeTrack('audio'))}
        name="Dr. Ada Lovelace"
        peerMedia={{ audio: true, video: false }}
      />,
    );
    expect(screen.queryByText(CAMERA_OFF)).toBeNull();
    expect(
      screen.getByText('Dr. Ada Lovelace is on audio only: their camera is not available.'),
    ).toBeTruthy();
  });

  it('shows neither before the other party connected or said anything', () => {
    const { rerender } = render(<RemoteVideo stream={null} name="Dr. Ada Lovelace" />);
    expect(screen.queryByTestId('peer-media-badges')).toBeNull();
    rerender(
      <RemoteVideo
        stream={fakeStream(fakeTrack('audio'), fakeTrack('video'))}
        name="Dr. Ada Lovelace"
      />,
    );
    expect(screen.queryByText(CAMERA_OFF)).toBeNull();
    expect(screen.getByTestId('peer-media-badges').textContent).toBe('');
  });
});
