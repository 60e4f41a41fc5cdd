import { describe, expect, it } from 'vitest';
import {
  createAdaptation,
  type Adaptation,
  type AdaptationNotice,
  type AdaptationStep,
} from './call-adaptation';
import type { QualityLevel } from './call-quality';
import { qualityReading } from '../testing/quality-reading';

const STEP_MS = 2_000;

/**
 * A call fed one reading every 2 s, as the room does; `hold` feeds a level for a while and
 * answers the last step, `clock` is the time of the latest reading.
 */
function adaptingCall() {
  const adaptation: Adaptation = createAdaptation();
  let clock = -STEP_MS;
  const steps: AdaptationStep[] = [];
  return {
    adaptation,
    get clock() {
      return clock;
    },
    steps,
    hold(level: QualityLevel, ms: number, bitrate?: number): AdaptationStep {
      const until = clock + ms;
      let step = adaptation.current();
      while (clock + STEP_MS <= until) {
        clock += STEP_MS;
        step = adaptation.next(qualityReading(level, bitrate), clock);
        steps.push(step);
      }
      return step;
    },
    choose(choice: Parameters<Adaptation['choose']>[0]) {
      return adaptation.choose(choice, clock);
    },
  };
}

const limit = (maxBitrateBps: number | null, active = true) => ({ maxBitrateBps, active });
const video = (maxBitrateBps: number, notice: AdaptationNotice = 'none') => ({
  limit: limit(maxBitrateBps),
  notice,
});
const paused = (notice: AdaptationNotice = 'audio-only', maxBitrateBps = 150_000) => ({
  limit: limit(maxBitrateBps, false),
  notice,
});

describe('createAdaptation: on a poor link', () => {
  it('starts at the default cap, video on, nothing to say', () => {
    expect(createAdaptation().current()).toEqual(video(800_000));
  });

  it('caps the video after 6 s poor, then lower after 6 s more', () => {
    const call = adaptingCall();
    expect(call.hold('good', 10_000)).toEqual(video(800_000));
    // The streak starts with the first poor reading: 6 s later is the fourth.
    expect(call.hold('poor', 6_000)).toEqual(video(800_000));
    expect(call.hold('poor', 2_000)).toEqual(video(300_000));
    expect(call.hold('poor', 4_000)).toEqual(video(300_000));
    expect(call.hold('poor', 2_000)).toEqual(video(150_000));
  });

  it('counts lost like poor', () => {
    const call = adaptingCall();
    expect(call.hold('lost', 8_000)).toEqual(video(300_000));
  });

  it('holds on a weak link: it neither caps nor recovers', () => {
    const call = adaptingCall();
    expect(call.hold('weak', 60_000)).toEqual(video(800_000));
    call.hold('poor', 8_000);
    expect(call.hold('weak', 60_000)).toEqual(video(300_000));
  });

  it('does not cap on a link that is poor in short bursts (each streak starts again)', () => {
    const call = adaptingCall();
    for (let round = 0; round < 10; round += 1) {
      call.hold('poor', 4_000);
      call.hold('weak', 2_000);
    }
    expect(call.adaptation.current()).toEqual(video(800_000));
  });

  it('offers audio only after 15 s poor at the lowest cap', () => {
    const call = adaptingCall();
    call.hold('poor', 8_000);
    expect(call.hold('poor', 6_000)).toEqual(video(150_000));
    expect(call.hold('poor', 14_000)).toEqual(video(150_000));
    expect(call.hold('poor', 2_000)).toEqual(video(150_000, 'offer-audio-only'));
  });

  it('offers audio only when the outgoing estimate stays under what video needs', () => {
    const call = adaptingCall();
    // Weak, not poor: no cap; but 120 kbit/s cannot carry the picture for 6 s.
    expect(call.hold('weak', 6_000, 120_000)).toEqual(video(800_000));
    expect(call.hold('weak', 2_000, 120_000)).toEqual(video(800_000, 'offer-audio-only'));
  });

  it('does not take a low estimate on a good link as a reason (our own cap keeps it low)', () => {
    const call = adaptingCall();
    call.hold('good', 60_000, 100_000);
    expect(call.steps.every((step) => step.notice === 'none')).toBe(true);
    expect(call.adaptation.current()).toEqual(video(800_000));
  });
});

describe('createAdaptation: the offer of audio only', () => {
  /** A call that has just offered audio only (at the lowest cap). */
  function offered() {
    const call = adaptingCall();
    call.hold('poor', 8_000 + 6_000 + 16_000);
    expect(call.adaptation.current().notice).toBe('offer-audio-only');
    return call;
  }

  it('Switch to Audio Only pauses the video at once', () => {
    const call = offered();
    expect(call.choose('audio-only')).toEqual(paused());
    expect(call.hold('poor', 60_000)).toEqual(paused());
  });

  it('pauses the video by itself when nobody answers and the link stays bad 30 s more', () => {
    const call = offered();
    expect(call.hold('poor', 28_000)).toEqual(video(150_000, 'offer-audio-only'));
    expect(call.hold('lost', 2_000)).toEqual(paused());
  });

  it('waits the 30 s again when the link was better in between', () => {
    const call = offered();
    call.hold('poor', 20_000);
    call.hold('weak', 2_000);
    // The new streak starts with its first reading: 30 s after it is the sixteenth.
    expect(call.hold('poor', 30_000)).toEqual(video(150_000, 'offer-audio-only'));
    expect(call.hold('poor', 2_000)).toEqual(paused());
  });

  it('withdraws the offer when the link is good again for 10 s', () => {
    const call = offered();
    expect(call.hold('good', 10_000)).toEqual(video(150_000, 'offer-audio-only'));
    expect(call.hold('good', 2_000)).toEqual(video(150_000));
  });

  it('Keep Video keeps it: the offer goes and neither comes back nor pauses on its own', () => {
    const call = offered();
    expect(call.choose('keep-video')).toEqual(video(150_000));
    expect(call.hold('poor', 120_000)).toEqual(video(150_000));
  });

  it('after Keep Video and a recovery, a new bad spell offers again', () => {
    const call = offered();
    call.choose('keep-video');
    // 10 s good forgets the answer (and raises the cap one step), 6 s more poor caps again.
    expect(call.hold('good', 12_000)).toEqual(video(300_000));
    call.hold('poor', 8_000);
    expect(call.hold('poor', 16_000)).toEqual(video(150_000, 'offer-audio-only'));
  });
});

describe('createAdaptation: recovery', () => {
  it('raises the cap one step per 10 s of good link', () => {
    const call = adaptingCall();
    call.hold('poor', 16_000);
    expect(call.adaptation.current()).toEqual(video(150_000));
    expect(call.hold('good', 10_000)).toEqual(video(150_000));
    expect(call.hold('good', 2_000)).toEqual(video(300_000));
    expect(call.hold('good', 8_000)).toEqual(video(300_000));
    expect(call.hold('good', 2_000)).toEqual(video(800_000));
    expect(call.hold('good', 60_000)).toEqual(video(800_000));
  });

  it('a weak reading restarts the count to the next step', () => {
    const call = adaptingCall();
    call.hold('poor', 8_000);
    call.hold('good', 8_000);
    call.hold('weak', 2_000);
    expect(call.hold('good', 10_000)).toEqual(video(300_000));
    expect(call.hold('good', 2_000)).toEqual(video(800_000));
  });

  it('offers the video back after 10 s of good link, never turns it on unasked', () => {
    const call = adaptingCall();
    call.hold('poor', 30_000);
    call.choose('audio-only');
    expect(call.hold('good', 10_000)).toEqual(paused());
    expect(call.hold('good', 2_000)).toEqual(paused('offer-video'));
    expect(call.hold('good', 60_000)).toEqual(paused('offer-video'));
  });

  it('takes the offer back when the link turns bad again, and makes it again later', () => {
    const call = adaptingCall();
    // Chosen before any cap: the video pauses at the default cap.
    expect(call.choose('audio-only')).toEqual(paused('audio-only', 800_000));
    expect(call.hold('good', 12_000)).toEqual(paused('offer-video', 800_000));
    expect(call.hold('poor', 2_000)).toEqual(paused('audio-only', 800_000));
    expect(call.hold('good', 10_000)).toEqual(paused('audio-only', 800_000));
    expect(call.hold('good', 2_000)).toEqual(paused('offer-video', 800_000));
  });

  it('Turn Video Back On starts at the lowest cap and raises it as the link stays good', () => {
    const call = adaptingCall();
    call.choose('audio-only');
    call.hold('good', 12_000);
    expect(call.choose('video-on')).toEqual(video(150_000));
    expect(call.hold('good', 10_000)).toEqual(video(150_000));
    expect(call.hold('good', 2_000)).toEqual(video(300_000));
  });

  it('Turn Video Back On on a bad link is respected: capped, but no offer and no pause', () => {
    const call = adaptingCall();
    call.hold('poor', 30_000);
    call.choose('audio-only');
    expect(call.choose('video-on')).toEqual(video(150_000));
    expect(call.hold('poor', 120_000)).toEqual(video(150_000));
  });
});

describe('createAdaptation: gaps between readings', () => {
  it('starts the counts again after a gap (time nobody measured is neither good nor bad)', () => {
    const adaptation = createAdaptation();
    adaptation.next(qualityReading('poor'), 0);
    adaptation.next(qualityReading('poor'), 2_000);
    // 20 s without a reading (a hidden tab): the poor streak does not span it.
    expect(adaptation.next(qualityReading('poor'), 22_000)).toEqual(video(800_000));
    adaptation.next(qualityReading('poor'), 24_000);
    adaptation.next(qualityReading('poor'), 26_000);
    expect(adaptation.next(qualityReading('poor'), 28_000)).toEqual(video(300_000));
  });

  it('takes the options given', () => {
    const adaptation = createAdaptation({ bitrateStepsBps: [500_000, 100_000], capAfterMs: 2_000 });
    adaptation.next(qualityReading('poor'), 0);
    expect(adaptation.next(qualityReading('poor'), 2_000)).toEqual(video(100_000));
  });
});
