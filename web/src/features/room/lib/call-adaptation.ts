import type { CallQuality } from './call-quality';
import { MIN_VIDEO_BITRATE_BPS } from './call-quality';
import type { VideoSendLimit } from './peer-link';

/**
 * What this page's video sender may use: the room applies it with `RTCRtpSender.setParameters`
 * (lib/peer-link.ts: `encodings[0].maxBitrate`, and `active: false` to stop sending video while
 * the voice goes on); `maxBitrateBps: null` leaves the bitrate to the browser.
 */
export type { VideoSendLimit };

/**
 * What the room says about it:
 * - `offer-audio-only`: 'Your connection is weak…' with Switch to Audio Only / Keep Video;
 * - `audio-only`: the video is paused (chosen, or by itself on a link that stayed bad);
 * - `offer-video`: paused, and the link has been good again long enough to offer it back.
 */
export type AdaptationNotice = 'none' | 'offer-audio-only' | 'audio-only' | 'offer-video';

/** The person's answers: Switch to Audio Only, Keep Video, Turn Video Back On. */
export type AdaptationChoice = 'audio-only' | 'keep-video' | 'video-on';

export interface AdaptationStep {
  limit: VideoSendLimit;
  notice: AdaptationNotice;
}

export interface AdaptationOptions {
  /**
   * The video caps, from the room's default down. 800 kbit/s carries the 640×480 camera well and
   * leaves room for the voice on a cellular uplink (review §2.6); 300 kbit/s still shows a face
   * clearly at a lower frame rate; 150 kbit/s is the least that still makes a picture.
   */
  bitrateStepsBps?: readonly number[];
  /** Poor or lost this long: one step down (and again after as long at the new cap). */
  capAfterMs?: number;
  /** Poor or lost this long at the lowest cap: offer audio only. */
  offerAfterMs?: number;
  /** Still poor or lost this long after the offer, unanswered: pause the video by itself. */
  fallBackAfterMs?: number;
  /** Good this long: one step up, or (audio only) offer the video back. */
  recoverAfterMs?: number;
  /** An outgoing estimate under this on a link that is not good: offer audio only at once. */
  minVideoBitrateBps?: number;
  /**
   * Readings further apart than this (a hidden tab's throttled timers, a call that was not
   * measured meanwhile) start every count again: time nobody measured is neither good nor bad.
   */
  maxSampleGapMs?: number;
}

export const DEFAULT_ADAPTATION = {
  bitrateStepsBps: [800_000, 300_000, 150_000],
  capAfterMs: 6_000,
  offerAfterMs: 15_000,
  fallBackAfterMs: 30_000,
  recoverAfterMs: 10_000,
  minVideoBitrateBps: MIN_VIDEO_BITRATE_BPS,
  maxSampleGapMs: 5_000,
} as const satisfies Required<AdaptationOptions>;

export interface Adaptation {
  /** One quality reading (every 2 s): the limit and notice from now on. */
  next(quality: CallQuality, now: number): AdaptationStep;
  /** The person's answer to a notice. */
  choose(choice: AdaptationChoice, now: number): AdaptationStep;
  current(): AdaptationStep;
}

/**
 * The policy of issue 26 item 5, pure (the room feeds it the meter's readings): on a poor link
 * the video's bitrate comes down step by step, then the call offers audio only, and pauses the
 * video by itself if nobody answers and the link stays bad; when the link is good again the cap
 * goes back up step by step, and paused video is offered back (never turned on unasked: the
 * person chose audio only, or the link took it away, and a picture reappearing by surprise is
 * worse than a button).
 *
 * Hysteresis: every step waits for a level held for a while (a streak that any other level
 * breaks), and each step starts the next wait afresh, so a link on the edge moves slowly and
 * never oscillates every reading. `weak` holds the current state: it neither caps nor recovers.
 * 'Keep Video' (or video turned back on while the link is still bad) is respected: the cap still
 * comes down, but no new offer and no pause by itself until the link has been good again for
 * `recoverAfterMs`.
 */
export function createAdaptation(options: AdaptationOptions = {}): Adaptation {
  const settings = { ...DEFAULT_ADAPTATION, ...options };
  const steps = settings.bitrateStepsBps;
  const lowest = steps.length - 1;

  let cap = 0;
  let videoOn = true;
  let notice: AdaptationNotice = 'none';
  let keptVideo = false;
  let badSince: number | null = null;
  let goodSince: number | null = null;
  let lowBitrateSince: number | null = null;
  let offeredAt: number | null = null;
  let lastAt: number | null = null;
  /** Whether the latest reading was good (video turned back on then needs no respect flag). */
  let lastGood = false;

  const current = (): AdaptationStep => ({
    limit: { maxBitrateBps: steps[cap] ?? null, active: videoOn },
    notice,
  });
  const heldFor = (since: number | null, now: number, ms: number) =>
    since !== null && now - since >= ms;

  function track(quality: CallQuality, now: number) {
    if (lastAt !== null && now - lastAt > settings.maxSampleGapMs) {
      badSince = goodSince = lowBitrateSince = null;
      if (offeredAt !== null) offeredAt = now;
    }
    lastAt = now;
    const bad = quality.level === 'poor' || quality.level === 'lost';
    const good = quality.level === 'good';
    const bitrate = quality.availableOutgoingBitrateBps;
    const lowBitrate = !good && bitrate !== null && bitrate < settings.minVideoBitrateBps;
    badSince = bad ? (badSince ?? now) : null;
    goodSince = good ? (goodSince ?? now) : null;
    lowBitrateSince = lowBitrate ? (lowBitrateSince ?? now) : null;
    return { bad, good };
  }

  function whileVideoOn(now: number, bad: boolean) {
    if (keptVideo && heldFor(goodSince, now, settings.recoverAfterMs)) keptVideo = false;

    if (notice === 'offer-audio-only') {
      if (heldFor(goodSince, now, settings.recoverAfterMs)) {
        notice = 'none';
        offeredAt = null;
      } else if (
        bad &&
        heldFor(Math.max(badSince ?? now, offeredAt ?? now), now, settings.fallBackAfterMs)
      ) {
        videoOn = false;
        notice = 'audio-only';
        offeredAt = null;
        goodSince = null;
      }
      return;
    }

    if (cap < lowest && heldFor(badSince, now, settings.capAfterMs)) {
      cap += 1;
      badSince = now;
      return;
    }
    const stuckAtLowest = cap === lowest && heldFor(badSince, now, settings.offerAfterMs);
    if (!keptVideo && (stuckAtLowest || heldFor(lowBitrateSince, now, settings.capAfterMs))) {
      notice = 'offer-audio-only';
      offeredAt = now;
      return;
    }

    if (cap > 0 && heldFor(goodSince, now, settings.recoverAfterMs)) {
      cap -= 1;
      goodSince = now;
    }
  }

  function whileAudioOnly(now: number, bad: boolean) {
    if (notice === 'offer-video' && bad) notice = 'audio-only';
    else if (notice === 'audio-only' && heldFor(goodSince, now, settings.recoverAfterMs)) {
      notice = 'offer-video';
    }
  }

  return {
    next(quality, now) {
      const { bad, good } = track(quality, now);
      lastGood = good;
      if (videoOn) whileVideoOn(now, bad);
      else whileAudioOnly(now, bad);
      return current();
    },

    choose(choice, now) {
      offeredAt = null;
      if (choice === 'audio-only') {
        videoOn = false;
        notice = 'audio-only';
        goodSince = null;
      } else if (choice === 'keep-video') {
        notice = 'none';
        keptVideo = true;
      } else if (!videoOn) {
        // Back at the lowest cap, raised step by step as the link stays good.
        videoOn = true;
        notice = 'none';
        cap = lowest;
        keptVideo = !lastGood;
        badSince = goodSince = lowBitrateSince = null;
        lastAt = now;
      }
      return current();
    },

    current,
  };
}
