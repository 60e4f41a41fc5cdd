// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, resetDom } from '@web/testing/render';
import type { VoiceNote } from '../hooks/use-voice-recorder';
import { settle, tick } from '@web/testing/clock';
import { RECORDER_DEFAULT_MAX_SECONDS, VOICE_NOTE_MAX_SECONDS } from '@shared/uploads/rules';
import { caseReading } from './CaseRequestForm';
import { VoiceRecorder } from './VoiceRecorder';

const media = vi.hoisted(() => {
  class FakeRecorder {
    static instances: FakeRecorder[] = [];
    state: 'inactive' | 'recording' | 'paused' = 'inactive';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: ((event: Event) => void) | null = null;
    readonly mimeType: string;
    constructor(
      readonly stream: MediaStream,
      options: { mimeType: string },
    ) {
      this.mimeType = options.mimeType;
      FakeRecorder.instances.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      if (this.state === 'inactive') return;
      this.state = 'inactive';
      // Like the real encoder: the data and the stop event come a moment later.
      queueMicrotask(() => {
        this.ondataavailable?.({ data: new Blob(['RIFF....WAVE'], { type: 'audio/wav' }) });
        this.onstop?.(new Event('stop'));
      });
    }
    pause() {}
    resume() {}
  }
  const port = { name: 'wav-encoder-port' };
  return {
    FakeRecorder,
    port,
    register: vi.fn((_port: unknown) => Promise.resolve()),
    connect: vi.fn(() => Promise.resolve(port)),
  };
});

vi.mock('extendable-media-recorder', () => ({
  MediaRecorder: media.FakeRecorder,
  register: media.register,
}));
vi.mock('extendable-media-recorder-wav-encoder', () => ({ connect: media.connect }));

let track: { stop: ReturnType<typeof vi.fn> };
let getUserMedia: ReturnType<typeof vi.fn>;
let play: ReturnType<typeof vi.spyOn>;
let revokeObjectURL: ReturnType<typeof vi.fn<(url: string) => void>>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  media.FakeRecorder.instances = [];
  track = { stop: vi.fn() };
  getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [track] }));
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  URL.createObjectURL = vi.fn(() => 'blob:voice-note');
  revokeObjectURL = vi.fn<(url: string) => void>();
  URL.revokeObjectURL = revokeObjectURL;
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => {
  resetDom();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function recorderSection() {
  return screen.getByRole('region', { name: /Voice Note/ });
}

async function startRecording() {
  fireEvent.click(screen.getByRole('button', { name: 'Record Voice Note' }));
  await settle();
}

describe('VoiceRecorder', () => {
  it('records WAV, mono, then plays, pauses and deletes the note', async () => {
    const onChange = vi.fn<(note: VoiceNote | null) => void>();
    renderWithProviders(<VoiceRecorder onChange={onChange} />);
    expect(recorderSection().getAttribute('data-state')).toBe('idle');

    await startRecording();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: expect.objectContaining({ channelCount: 1 }) as unknown,
    });
    expect(media.register).toHaveBeenCalledWith(media.port);
    const recorder = media.FakeRecorder.instances[0]!;
    expect(recorder.mimeType).toBe('audio/wav');
    expect(recorder.state).toBe('recording');
    expect(recorderSection().getAttribute('data-state')).toBe('recording');
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:00 / 5:00');

    await tick(5000);
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:05 / 5:00');

    fireEvent.click(screen.getByRole('button', { name: 'Stop Recording' }));
    await settle();
    expect(recorderSection().getAttribute('data-state')).toBe('recorded');
    expect(track.stop).toHaveBeenCalled();
    const note = onChange.mock.lastCall![0]!;
    expect(note.file.type).toBe('audio/wav');
    expect(note.file.name).toMatch(/^voice-note-\d+\.wav$/);
    expect(note.durationSeconds).toBe(5);
    expect(screen.getByText('Voice note recorded, 0:05 long')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(recorderSection().getAttribute('data-state')).toBe('idle');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:voice-note');
  });

  it('has the spec constants: the recorder default 300 s, the voice note cap 120 s', () => {
    expect(RECORDER_DEFAULT_MAX_SECONDS).toBe(300);
    expect(VOICE_NOTE_MAX_SECONDS).toBe(120);
  });

  /** Records on to one second before `seconds` (still recording), then stops by itself at it. */
  async function expectStopsAt(seconds: number, onChange: ReturnType<typeof vi.fn>) {
    await tick((seconds - 1) * 1000);
    expect(recorderSection().getAttribute('data-state')).toBe('recording');
    expect(screen.getByText('(0:01 left)')).toBeTruthy();
    await tick(1000);
    await settle();
    expect(recorderSection().getAttribute('data-state')).toBe('recorded');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ durationSeconds: seconds }),
    );
    expect(track.stop).toHaveBeenCalled();
  }

  it('without a limit from its caller, shows and stops at the default 300 seconds', async () => {
    const onChange = vi.fn();
    renderWithProviders(<VoiceRecorder onChange={onChange} />);
    expect(screen.getByText(/Record up to 5 minutes/)).toBeTruthy();
    await startRecording();

    await expectStopsAt(300, onChange);
  });

  it("the intake's recorder shows and stops at 120 seconds", async () => {
    const IntakeRecorder = caseReading.VoiceRecorder!;
    const onChange = vi.fn();
    renderWithProviders(<IntakeRecorder onChange={onChange} />);
    expect(screen.getByText(/Record up to 2 minutes/)).toBeTruthy();
    await startRecording();
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:00 / 2:00');

    await expectStopsAt(120, onChange);
  });

  it('records again with the encoder registered only once', async () => {
    const onChange = vi.fn();
    renderWithProviders(<VoiceRecorder onChange={onChange} />);
    await startRecording();
    fireEvent.click(screen.getByRole('button', { name: 'Stop Recording' }));
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Record Again' }));
    await settle();
    expect(recorderSection().getAttribute('data-state')).toBe('recording');
    expect(media.FakeRecorder.instances).toHaveLength(2);
    expect(onChange).toHaveBeenCalledWith(null);
    // Registered by the first test of this file; never again.
    expect(media.register).toHaveBeenCalledTimes(1);
  });

  it('tells the patient when the microphone is refused', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderWithProviders(<VoiceRecorder onChange={vi.fn()} />);
    await startRecording();

    const toasts = within(screen.getByRole('region', { name: 'Notifications (F8)' }));
    expect(toasts.getByText('Microphone Access Denied')).toBeTruthy();
    expect(toasts.getByText('Please allow microphone access to record audio')).toBeTruthy();
    expect(recorderSection().getAttribute('data-state')).toBe('idle');
    expect(screen.getByRole('button', { name: 'Record Voice Note' })).toBeTruthy();
  });

  it('stops the recorder and the microphone on unmount', async () => {
    const { unmount } = renderWithProviders(<VoiceRecorder onChange={vi.fn()} />);
    await startRecording();
    const recorder = media.FakeRecorder.instances[0]!;

    act(() => unmount());
    expect(recorder.state).toBe('inactive');
    expect(track.stop).toHaveBeenCalled();
  });
});
