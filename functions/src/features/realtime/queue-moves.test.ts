import { describe, expect, it } from 'vitest';
import type { QueuedCase } from '#db/cases/queue';
import type { CasePage } from '#db/connections';
import { waitAnswer, type QueueConditions } from '../cases/queue-wait';
import {
  estimateStepped,
  QUEUE_FAR_ESTIMATE_STEP,
  QUEUE_FAR_PUSHES_PER_PASS,
  QUEUE_FAR_REFRESH_MS,
  QUEUE_NEAR_PLACES,
  type ToldAnswer,
} from './queue-freshness';
import { pagesToTell } from './queue-moves';

/**
 * The fan-out's freshness tiers (issue 29, docs/adr/0028): which pages a pass tells, from a queue
 * and what each page was told when. Nobody on duty unless a test says so: the answer then
 * carries no estimate and changes exactly when the place does.
 */
const now = Date.parse('2026-11-29T10:00:00.000Z');
const nobodyOnDuty: QueueConditions = {
  doctorsOnDuty: 0,
  medianConsultationMinutes: 15,
  medianClaimDelayMinutes: 2,
};

/** A queue of `length` waiting cases, `case-0` first, each with one open page `page-{n}`. */
function queueOf(length: number): { queue: QueuedCase[]; pages: CasePage[] } {
  const queue = Array.from({ length }, (_, index) => ({
    caseId: `case-${index}`,
    sortKey: `2026-11-29T09:00:00.000Z#case-${String(index).padStart(6, '0')}`,
  }));
  const pages = queue.map(({ caseId }, index) => ({ connectionId: `page-${index}`, caseId }));
  return { queue, pages };
}

/** What a page at `place` was told at `at`, under `conditions`. */
function toldAt(place: number, at: number, conditions = nobodyOnDuty): ToldAnswer {
  const wait = waitAnswer(place - 1, conditions);
  return { answer: JSON.stringify(wait), estimate: wait.estimate, at };
}

/** Every page told its place one further back (the case ahead of all of them just left). */
function toldOnePlaceBack(pages: readonly CasePage[], at: number, conditions = nobodyOnDuty) {
  return new Map(
    pages.map((page, index) => [page.connectionId, toldAt(index + 2, at, conditions)]),
  );
}

const placesOf = (pushes: ReturnType<typeof pagesToTell>) =>
  pushes.map((push) => push.message.wait.place);

describe('pagesToTell (the freshness tiers)', () => {
  it('tells a page near the head at once, with its true place', () => {
    const { queue, pages } = queueOf(3);
    const told = toldOnePlaceBack(pages, now - 1_000);
    const pushes = pagesToTell(queue, pages, nobodyOnDuty, told, now);
    expect(placesOf(pushes)).toEqual([1, 2, 3]);
    expect(pushes[0]!.message).toEqual({
      type: 'QUEUE_MOVED',
      caseId: 'case-0',
      wait: waitAnswer(0, nobodyOnDuty),
    });
    expect(pushes[0]!.told).toEqual({ ...toldAt(1, now), at: now });
  });

  it('does not tell a page what it was told already', () => {
    const { queue, pages } = queueOf(3);
    const told = new Map(pages.map((page, index) => [page.connectionId, toldAt(index + 1, 0)]));
    expect(pagesToTell(queue, pages, nobodyOnDuty, told, now)).toEqual([]);
  });

  it('tells a far page whose place changed only once its last answer is FAR_REFRESH old', () => {
    const far = QUEUE_NEAR_PLACES + 1;
    const { queue, pages } = queueOf(far);
    const farPage = pages.at(-1)!.connectionId;
    const recently = toldOnePlaceBack(pages, now - QUEUE_FAR_REFRESH_MS + 1);
    expect(placesOf(pagesToTell(queue, pages, nobodyOnDuty, recently, now))).not.toContain(far);

    const longAgo = new Map(recently).set(farPage, toldAt(far + 1, now - QUEUE_FAR_REFRESH_MS));
    const pushes = pagesToTell(queue, pages, nobodyOnDuty, longAgo, now);
    expect(placesOf(pushes)).toContain(far);
    expect(pushes.find((push) => push.page.connectionId === farPage)!.message.wait).toEqual(
      waitAnswer(far - 1, nobodyOnDuty),
    );
  });

  it('tells a far page never told by this worker', () => {
    const { queue, pages } = queueOf(QUEUE_NEAR_PLACES + 1);
    const told = toldOnePlaceBack(pages, now - 1_000);
    told.delete(pages.at(-1)!.connectionId);
    expect(placesOf(pagesToTell(queue, pages, nobodyOnDuty, told, now))).toContain(
      QUEUE_NEAR_PLACES + 1,
    );
  });

  it('tells a far page told recently when its estimate moved by a meaningful step', () => {
    const far = QUEUE_NEAR_PLACES + 1;
    const { queue, pages } = queueOf(far);
    const farPage = pages.at(-1)!.connectionId;
    const many = { ...nobodyOnDuty, doctorsOnDuty: 20 };
    // One place further on moves a far estimate by a minute at most: not a step.
    const moved = toldOnePlaceBack(pages, now - 1_000, many);
    expect(placesOf(pagesToTell(queue, pages, many, moved, now))).not.toContain(far);
    // Half the doctors gone roughly doubles it: a step.
    const fewer = { ...many, doctorsOnDuty: 10 };
    expect(placesOf(pagesToTell(queue, pages, fewer, moved, now))).toContain(far);
    // The estimate appearing (somebody came on duty) is a step too.
    const none = new Map(moved).set(farPage, toldAt(far, now - 1_000, nobodyOnDuty));
    expect(placesOf(pagesToTell(queue, pages, many, none, now))).toContain(far);
  });

  it('tells at most FAR_PUSHES_PER_PASS far pages a pass, the stalest first', () => {
    const length = QUEUE_NEAR_PLACES + QUEUE_FAR_PUSHES_PER_PASS + 50;
    const { queue, pages } = queueOf(length);
    // Every page one place behind; the last 50 told longest ago, the rest never by this worker.
    const told = new Map(
      pages.flatMap((page, index) =>
        index >= length - 50 ? [[page.connectionId, toldAt(index + 2, 0)] as const] : [],
      ),
    );
    const pushes = pagesToTell(queue, pages, nobodyOnDuty, told, now);
    expect(pushes).toHaveLength(QUEUE_NEAR_PLACES + QUEUE_FAR_PUSHES_PER_PASS);
    const places = placesOf(pushes);
    expect(places.slice(0, QUEUE_NEAR_PLACES)).toEqual(
      Array.from({ length: QUEUE_NEAR_PLACES }, (_, index) => index + 1),
    );
    // Never told counts as stalest; those told at 0 come after them.
    expect(places.slice(QUEUE_NEAR_PLACES)).toEqual(
      Array.from(
        { length: QUEUE_FAR_PUSHES_PER_PASS },
        (_, index) => QUEUE_NEAR_PLACES + index + 1,
      ),
    );
  });
});

describe('estimateStepped', () => {
  const range = (lowMinutes: number, highMinutes: number) => ({ lowMinutes, highMinutes });

  it('is a step when either end moves by the share of the high end, or the estimate comes or goes', () => {
    const high = 100;
    const step = QUEUE_FAR_ESTIMATE_STEP * high;
    expect(estimateStepped(range(80, high), range(80, high + step - 1))).toBe(false);
    expect(estimateStepped(range(80, high), range(80, high + step))).toBe(true);
    expect(estimateStepped(range(80, high), range(80 - step, high))).toBe(true);
    expect(estimateStepped(null, range(80, high))).toBe(true);
    expect(estimateStepped(range(80, high), null)).toBe(true);
    expect(estimateStepped(null, null)).toBe(false);
    expect(estimateStepped(range(0, 0), range(0, 0))).toBe(false);
  });
});
