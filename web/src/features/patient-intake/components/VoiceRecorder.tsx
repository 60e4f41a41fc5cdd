import { LoaderCircle, Mic, Pause, Play, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { useVoiceRecorder, type VoiceNote } from '../hooks/use-voice-recorder';

/** `75.4` → `1:15`. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** `120` → `2 minutes`; `90` → `1:30 minutes`. */
function durationText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${formatSeconds(seconds)} minutes`;
}

export interface VoiceRecorderProps {
  onChange: (note: VoiceNote | null) => void;
  disabled?: boolean;
  /** Where recording stops by itself; the recorder's default is 300 s, the intake caps it. */
  maxSeconds?: number;
}

/**
 * Records one voice note (WAV, mono, at most `maxSeconds`, shown in the hint and the timer) and
 * plays it back. Every action is a button, so the recorder works from the keyboard; state
 * changes are announced.
 */
export function VoiceRecorder({ onChange, disabled = false, maxSeconds }: VoiceRecorderProps) {
  const titleId = useId();
  const hintId = useId();
  const recorder = useVoiceRecorder({ onChange, maxSeconds });
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const { status, elapsed, note } = recorder;
  const limit = recorder.maxSeconds;

  function togglePlayback() {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  }

  function remove() {
    audioRef.current?.pause();
    setPlaying(false);
    recorder.discard();
  }

  function recordAgain() {
    audioRef.current?.pause();
    setPlaying(false);
    recorder.recordAgain();
  }

  const announcement =
    status === 'recording'
      ? 'Recording started'
      : status === 'recorded' && note
        ? `Voice note recorded, ${formatSeconds(note.durationSeconds)} long`
        : '';

  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-state={status}
      className="grid gap-3 rounded-lg border bg-surface p-4"
    >
      <div>
        <h3 id={titleId} className="text-sm font-medium text-foreground">
          Voice Note <span className="font-normal text-muted-foreground">(optional)</span>
        </h3>
        <p id={hintId} className="mt-1 text-sm text-muted-foreground">
          Prefer to talk? Record up to {durationText(limit)} about how you feel.
        </p>
      </div>

      {status === 'idle' || status === 'starting' ? (
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={disabled || status === 'starting'}
            onClick={() => void recorder.start()}
          >
            {status === 'starting' ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : (
              <Mic aria-hidden="true" />
            )}
            {status === 'starting' ? 'Starting...' : 'Record Voice Note'}
          </Button>
        </div>
      ) : null}

      {status === 'recording' ? (
        <div className="grid gap-3">
          <div className="flex items-center gap-3 text-sm">
            <span className="relative flex size-3" aria-hidden="true">
              <span className="absolute inline-flex size-full rounded-full bg-destructive opacity-75 motion-safe:animate-ping" />
              <span className="relative inline-flex size-3 rounded-full bg-destructive" />
            </span>
            <span className="font-semibold text-foreground">Recording</span>
            <span className="font-mono tabular-nums" data-testid="recorder-elapsed">
              {formatSeconds(elapsed)} / {formatSeconds(limit)}
            </span>
            <span className="text-muted-foreground">({formatSeconds(limit - elapsed)} left)</span>
          </div>
          <Progress value={(elapsed / limit) * 100} aria-label="Recording time used" />
          <div>
            <Button type="button" variant="destructive" onClick={recorder.stop}>
              <Square aria-hidden="true" />
              Stop Recording
            </Button>
          </div>
        </div>
      ) : null}

      {status === 'recorded' && note ? (
        <div className="grid gap-3">
          <audio
            ref={audioRef}
            src={note.url}
            preload="metadata"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
          />
          <p className="text-sm">
            <span className="font-semibold text-foreground">Voice note ready</span>{' '}
            <span className="font-mono tabular-nums text-muted-foreground">
              {formatSeconds(note.durationSeconds)}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={disabled} onClick={togglePlayback}>
              {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              {playing ? 'Pause' : 'Play'}
            </Button>
            <Button type="button" variant="outline" disabled={disabled} onClick={remove}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
            <Button type="button" variant="ghost" disabled={disabled} onClick={recordAgain}>
              <RotateCcw aria-hidden="true" />
              Record Again
            </Button>
          </div>
        </div>
      ) : null}

      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
