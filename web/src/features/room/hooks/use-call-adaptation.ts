import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  createAdaptation,
  type Adaptation,
  type AdaptationChoice,
  type AdaptationNotice,
  type AdaptationOptions,
  type AdaptationStep,
  type VideoSendLimit,
} from '../lib/call-adaptation';
import type { CallQuality } from '../lib/call-quality';

export interface CallAdaptation {
  notice: AdaptationNotice;
  /** What the video sender may use now (already handed to `apply`). */
  limit: VideoSendLimit;
  switchToAudioOnly(): void;
  keepVideo(): void;
  turnVideoBackOn(): void;
}

function sameLimit(a: VideoSendLimit | null, b: VideoSendLimit): boolean {
  return a !== null && a.maxBitrateBps === b.maxBitrateBps && a.active === b.active;
}

/**
 * The policy as a store React can read (`useSyncExternalStore`): the readings and answers go
 * in, and the rendered step changes (a new object) only when its notice or limit did.
 */
function adaptationStore(adaptation: Adaptation) {
  let snapshot = adaptation.current();
  const listeners = new Set<() => void>();
  const publish = (next: AdaptationStep) => {
    if (next.notice !== snapshot.notice || !sameLimit(snapshot.limit, next.limit)) {
      snapshot = next;
      for (const listener of listeners) listener();
    }
    return snapshot;
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    next: (quality: CallQuality, now: number) => publish(adaptation.next(quality, now)),
    choose: (choice: AdaptationChoice, now: number) => publish(adaptation.choose(choice, now)),
  };
}

/**
 * Runs the adaptation policy (lib/call-adaptation.ts) on each quality reading of the call and
 * hands every new video limit to `apply` (the room's `setVideoSendLimit`); the person's answers
 * to the notice go through the same policy. The first limit is the room's default, already set
 * on the sender, so `apply` is only called on a change. A limit `apply` could not set (no video
 * sender yet, a peer connection being renewed) is set again with the next reading.
 */
export function useCallAdaptation({
  quality,
  apply,
  options,
}: {
  /** The meter's latest reading; null while there is none (no call, or the peer is away). */
  quality: CallQuality | null;
  apply: (limit: VideoSendLimit) => Promise<void> | void;
  options?: AdaptationOptions;
}): CallAdaptation {
  const [store] = useState(() => adaptationStore(createAdaptation(options)));
  const step = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  }, [apply]);
  const applied = useRef<VideoSendLimit | null>(store.getSnapshot().limit);

  const applyLimit = useCallback((limit: VideoSendLimit) => {
    if (sameLimit(applied.current, limit)) return;
    applied.current = limit;
    Promise.resolve()
      .then(() => applyRef.current(limit))
      .catch(() => {
        if (applied.current === limit) applied.current = null;
      });
  }, []);

  useEffect(() => {
    if (quality) applyLimit(store.next(quality, Date.now()).limit);
  }, [quality, store, applyLimit]);

  const choose = useCallback(
    (choice: AdaptationChoice) => applyLimit(store.choose(choice, Date.now()).limit),
    [store, applyLimit],
  );
  const switchToAudioOnly = useCallback(() => choose('audio-only'), [choose]);
  const keepVideo = useCallback(() => choose('keep-video'), [choose]);
  const turnVideoBackOn = useCallback(() => choose('video-on'), [choose]);

  return { notice: step.notice, limit: step.limit, switchToAudioOnly, keepVideo, turnVideoBackOn };
}
