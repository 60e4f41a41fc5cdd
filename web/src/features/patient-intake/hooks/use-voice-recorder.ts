import { RECORDER_DEFAULT_MAX_SECONDS } from '@shared/uploads/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IMediaRecorder } from 'extendable-media-recorder';
import { toast } from '@web/hooks/use-toast';
import { recorderMessages } from '../lib/messages';
import { createWavRecorder, WAV_MIME_TYPE } from '../lib/wav-recorder';

/** Idle, recording, recorded (spec doc 1 §4); `starting` while the microphone is being opened. */
export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'recorded';

export interface VoiceNote {
  file: File;
  /** An object URL for playback. */
  url: string;
  durationSeconds: number;
}

/** Mono speech; 16 kHz keeps 120 s of WAV near 3.8 MB (300 s near 9.6 MB). */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    channelCount: 1,
    sampleRate: 16_000,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/** No microphone API at all (an old browser, or a page not served over HTTPS). */
function isUnsupported(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotSupportedError';
}

/**
 * The voice note state machine: idle → recording → recorded (→ deleted: idle; record again:
 * recording). Records WAV, stops by itself at `maxSeconds` (the recorder's default of 300 s
 * unless the caller caps it: the intake gives 120 s), and stops the microphone tracks when done
 * and on unmount.
 */
export function useVoiceRecorder({
  maxSeconds = RECORDER_DEFAULT_MAX_SECONDS,
  onChange,
}: {
  maxSeconds?: number;
  onChange?: (note: VoiceNote | null) => void;
} = {}) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [note, setNote] = useState<VoiceNote | null>(null);

  const recorderRef = useRef<IMediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timersRef = useRef<{
    tick?: ReturnType<typeof setInterval>;
    limit?: ReturnType<typeof setTimeout>;
  }>({});
  const urlRef = useRef<string | null>(null);
  const mountedRef = useRef(true);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const clearTimers = useCallback(() => {
    clearInterval(timersRef.current.tick);
    clearTimeout(timersRef.current.limit);
    timersRef.current = {};
  }, []);

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const revokeUrl = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const stop = useCallback(() => {
    clearTimers();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    else releaseMicrophone();
  }, [clearTimers, releaseMicrophone]);

  const discard = useCallback(() => {
    revokeUrl();
    setNote(null);
    setElapsed(0);
    setStatus('idle');
    onChangeRef.current?.(null);
  }, [revokeUrl]);

  const start = useCallback(async () => {
    if (recorderRef.current?.state === 'recording') return;
    if (urlRef.current) discard();
    setStatus('starting');

    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) {
        throw new DOMException('No microphone access in this browser', 'NotSupportedError');
      }
      stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    } catch (error) {
      if (mountedRef.current) setStatus('idle');
      // Refused, no microphone, or the microphone is busy: the patient has to allow or free it.
      toast(
        isUnsupported(error)
          ? {
              variant: 'destructive',
              title: recorderMessages.failedTitle,
              description: recorderMessages.failed,
            }
          : {
              variant: 'destructive',
              title: recorderMessages.deniedTitle,
              description: recorderMessages.denied,
            },
      );
      return;
    }
    if (!mountedRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;

    let recorder: IMediaRecorder;
    try {
      recorder = await createWavRecorder(stream);
    } catch {
      releaseMicrophone();
      if (mountedRef.current) setStatus('idle');
      toast({
        variant: 'destructive',
        title: recorderMessages.failedTitle,
        description: recorderMessages.failed,
      });
      return;
    }
    if (!mountedRef.current) {
      releaseMicrophone();
      return;
    }

    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorderRef.current = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      clearTimers();
      releaseMicrophone();
      recorderRef.current = null;
      if (!mountedRef.current) return;
      const durationSeconds = Math.min(maxSeconds, (Date.now() - startedAt) / 1000);
      const blob = new Blob(chunks, { type: WAV_MIME_TYPE });
      const file = new File([blob], `voice-note-${startedAt}.wav`, { type: WAV_MIME_TYPE });
      revokeUrl();
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      const recorded: VoiceNote = { file, url, durationSeconds };
      setElapsed(durationSeconds);
      setNote(recorded);
      setStatus('recorded');
      onChangeRef.current?.(recorded);
    };

    recorder.start();
    setElapsed(0);
    setStatus('recording');
    timersRef.current.tick = setInterval(() => {
      setElapsed(Math.min(maxSeconds, (Date.now() - startedAt) / 1000));
    }, 250);
    timersRef.current.limit = setTimeout(stop, maxSeconds * 1000);
  }, [clearTimers, discard, maxSeconds, releaseMicrophone, revokeUrl, stop]);

  const recordAgain = useCallback(() => {
    discard();
    void start();
  }, [discard, start]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      clearTimers();
      const recorder = recorderRef.current;
      recorderRef.current = null;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      releaseMicrophone();
      revokeUrl();
    };
  }, [clearTimers, releaseMicrophone, revokeUrl]);

  return { status, elapsed, maxSeconds, note, start, stop, discard, recordAgain };
}
