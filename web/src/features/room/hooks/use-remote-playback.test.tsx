// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fakeStream, fakeTrack } from '@web/testing/fake-media';
import { RemoteVideo } from '../components/RemoteVideo';

let play: Mock<(this: HTMLMediaElement) => Promise<void>>;
let paused: boolean;

beforeEach(() => {
  paused = false;
  play = vi.fn<(this: HTMLMediaElement) => Promise<void>>(() => {
    paused = false;
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(HTMLMediaElement.prototype, 'setSinkId');
});

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** iOS pauses the element (an interruption): `paused` turns true and `pause` fires. */
function interrupt(video: HTMLVideoElement) {
  paused = true;
  act(() => {
    video.dispatchEvent(new Event('pause'));
  });
}

describe('RemoteVideo after an interruption', () => {
  it('plays again when the browser paused it', async () => {
    render(<RemoteVideo stream={fakeStream(fakeTrack('video'))} name="Dr. Ada" />);
    await flush();
    const video = screen.getByTestId<HTMLVideoElement>('remote-video');
    expect(play).toHaveBeenCalledTimes(1);

    interrupt(video);
    await flush();
    expect(play).toHaveBeenCalledTimes(2);
    expect(play.mock.contexts.at(-1)).toBe(video);
  });

  it('plays again when the page is visible again, if it is paused', async () => {
    render(<RemoteVideo stream={fakeStream(fakeTrack('video'))} name="Dr. Ada" />);
    await flush();
    setVisibility('visible');
    expect(play).toHaveBeenCalledTimes(1);

    paused = true;
    setVisibility('hidden');
    expect(play).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await flush();
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('leaves an element without a stream alone', async () => {
    render(<RemoteVideo stream={null} name="Dr. Ada" />);
    interrupt(screen.getByTestId<HTMLVideoElement>('remote-video'));
    await flush();
    expect(play).not.toHaveBeenCalled();
  });
});

describe('RemoteVideo speaker', () => {
  it('plays on the chosen speaker where setSinkId exists', async () => {
    const setSinkId = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
      configurable: true,
      value: setSinkId,
    });
    const stream = fakeStream(fakeTrack('audio'));
    const { rerender } = render(<RemoteVideo stream={stream} name="Dr. Ada" speakerId={null} />);
    await flush();
    rerender(<RemoteVideo stream={stream} name="Dr. Ada" speakerId="headset-out" />);
    await flush();
    expect(setSinkId).toHaveBeenLastCalledWith('headset-out');
    expect(setSinkId.mock.contexts.at(-1)).toBe(screen.getByTestId('remote-video'));
  });
});
