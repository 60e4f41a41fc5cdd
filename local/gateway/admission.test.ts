import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdmissionGate,
  type AdmissionLimits,
  admissionLimitsFromEnv,
  defaultAdmissionLimits,
  EventLoopDelay,
} from './admission';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A gate on a clock the test holds, whose one finished invocation held its slot `serviceMs`:
 * what it expects of the next ones (the wait it admits is that time × place / slots).
 */
async function gateThatServedIn(
  serviceMs: number,
  limits: AdmissionLimits,
): Promise<AdmissionGate> {
  let now = 0;
  const gate = new AdmissionGate(
    limits,
    () => 0,
    () => now,
  );
  const first = await gate.acquire();
  now += serviceMs;
  first!();
  return gate;
}

describe('AdmissionGate', () => {
  it('admits up to its limit, lets a few wait and refuses the rest at once', async () => {
    const gate = new AdmissionGate({
      maxInFlight: 2,
      maxQueued: 1,
      maxWaitMs: 60_000,
      maxEventLoopDelayMs: 0,
    });
    const running = [await gate.acquire(), await gate.acquire()];
    expect(running.every(Boolean)).toBe(true);
    const waiting = gate.acquire();
    const refused = await Promise.all([gate.acquire(), gate.acquire(), gate.acquire()]);
    expect(refused).toEqual([null, null, null]);
    expect(gate.refused).toBe(3);
    expect(gate.load).toEqual({ inFlight: 2, waiting: 1 });

    // A finished invocation hands its slot to the waiting request, once.
    running[0]!();
    running[0]!();
    const admitted = await waiting;
    expect(admitted).toBeTypeOf('function');
    expect(gate.load).toEqual({ inFlight: 2, waiting: 0 });
    admitted!();
    running[1]!();
    expect(gate.load).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('serves waiting requests first come, first served', async () => {
    const gate = new AdmissionGate({
      maxInFlight: 1,
      maxQueued: 3,
      maxWaitMs: 60_000,
      maxEventLoopDelayMs: 0,
    });
    const first = await gate.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((index) =>
      gate.acquire().then((release) => {
        order.push(index);
        release?.();
      }),
    );
    first!();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses a request that waited its limit without a slot', async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate({
      maxInFlight: 1,
      maxQueued: 5,
      maxWaitMs: 100,
      maxEventLoopDelayMs: 0,
    });
    const held = await gate.acquire();
    const waiting = gate.acquire();
    await vi.advanceTimersByTimeAsync(99);
    expect(gate.load.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeNull();
    expect(gate.load).toEqual({ inFlight: 1, waiting: 0 });
    // The slot it gave up goes to nobody; the next request gets it.
    held!();
    expect(await gate.acquire()).toBeTypeOf('function');
  });
});

describe('waiting only when a slot should free up in time', () => {
  const twoSlotsWait150: AdmissionLimits = {
    maxInFlight: 2,
    maxQueued: 100,
    maxWaitMs: 150,
    maxEventLoopDelayMs: 0,
  };

  it('refuses at once a request whose place in the queue the recent invocations would not reach in time', async () => {
    // Invocations take 100 ms: two slots free up a request every 50 ms.
    const gate = await gateThatServedIn(100, twoSlotsWait150);
    const running = [await gate.acquire(), await gate.acquire()];
    const waiting = [gate.acquire(), gate.acquire(), gate.acquire()];
    expect(gate.load).toEqual({ inFlight: 2, waiting: 3 });
    // A fourth would wait ~200 ms for a slot, past 150 ms: 503 now, not after waiting.
    expect(gate.refusesNow()).toBe(true);
    expect(await gate.acquire()).toBeNull();
    expect(gate.load).toEqual({ inFlight: 2, waiting: 3 });

    // The waiting ones are served as the slots free up.
    for (const release of running) release!();
    const admitted = await Promise.all(waiting.slice(0, 2));
    expect(admitted.every(Boolean)).toBe(true);
    expect(gate.load).toEqual({ inFlight: 2, waiting: 1 });
    expect(gate.refused).toBe(1);
  });

  it('lets a burst a little over the slots wait when invocations are quick', async () => {
    const gate = await gateThatServedIn(5, twoSlotsWait150);
    const held = [await gate.acquire(), await gate.acquire()];
    // 5 ms invocations on two slots: the 60th in line gets one in ~150 ms.
    const burst = Array.from({ length: 60 }, () => gate.acquire());
    expect(gate.load).toEqual({ inFlight: 2, waiting: 60 });
    expect(await gate.acquire()).toBeNull();
    for (const release of held) release!();
    for (const waiter of burst) (await waiter)!();
    expect(gate.load).toEqual({ inFlight: 0, waiting: 0 });
    expect(gate.refused).toBe(1);
  });
});

describe('the default limits', () => {
  it('let 100 clients at once wait for a slot instead of refusing them (the ratio run at c=100)', async () => {
    // Status reads held their slot 15 ms each on a busy machine (issue 12's third round).
    const gate = await gateThatServedIn(15, defaultAdmissionLimits);
    const clients = Array.from({ length: 100 }, () => gate.acquire());
    expect(gate.load).toEqual({
      inFlight: defaultAdmissionLimits.maxInFlight,
      waiting: 100 - defaultAdmissionLimits.maxInFlight,
    });
    expect(gate.refused).toBe(0);
    // Every one of the 100 is served as the slots free up.
    for (const client of clients) (await client)!();
    expect(gate.load).toEqual({ inFlight: 0, waiting: 0 });
  });
});

describe('refusesNow', () => {
  it('says a request would be refused only once every slot and the whole queue are taken', async () => {
    const gate = new AdmissionGate({
      maxInFlight: 1,
      maxQueued: 1,
      maxWaitMs: 60_000,
      maxEventLoopDelayMs: 0,
    });
    expect(gate.refusesNow()).toBe(false);
    const held = await gate.acquire();
    expect(gate.refusesNow()).toBe(false);
    const waiting = gate.acquire();
    expect(gate.refusesNow()).toBe(true);
    gate.countRefusal();
    expect(gate.refused).toBe(1);
    held!();
    (await waiting)!();
    expect(gate.refusesNow()).toBe(false);
  });

  it('says so while the event loop runs later than the limit past capacity', async () => {
    let delayMs = 20;
    let now = 0;
    const gate = new AdmissionGate(
      { maxInFlight: 1, maxQueued: 0, maxWaitMs: 60_000, maxEventLoopDelayMs: 100 },
      () => delayMs,
      () => now,
    );
    const held = await gate.acquire();
    // Full: the gate has no room, so it is past capacity.
    expect(gate.refusesNow()).toBe(true);
    held!();
    expect(gate.refusesNow()).toBe(false);
    delayMs = 150;
    expect(gate.refusesNow()).toBe(true);
    delayMs = 20;
    expect(gate.refusesNow()).toBe(false);
    expect(gate.refusedLate).toBe(1);
    // A second after it was last full, a late loop alone refuses nothing.
    now += 1_000;
    delayMs = 150;
    expect(gate.refusesNow()).toBe(false);
  });

  it('does not refuse for a late loop while every request finds a slot or a place', async () => {
    const gate = new AdmissionGate(
      { maxInFlight: 2, maxQueued: 100, maxWaitMs: 60_000, maxEventLoopDelayMs: 25 },
      () => 150,
    );
    // 100 clients at once on a busy machine: 2 run, 98 wait, none refused.
    const clients = Array.from({ length: 100 }, () => gate.acquire());
    expect(gate.load).toEqual({ inFlight: 2, waiting: 98 });
    expect(gate.refusesNow()).toBe(false);
    for (const client of clients) (await client)!();
    expect(gate.refused).toBe(0);
  });
});

describe('shedding on a late event loop', () => {
  it('refuses at once while the event loop runs later than the limit, and admits after', async () => {
    let delayMs = 20;
    const gate = new AdmissionGate(
      { maxInFlight: 1, maxQueued: 0, maxWaitMs: 60_000, maxEventLoopDelayMs: 100 },
      () => delayMs,
    );
    // Past capacity: one running, no room for a second.
    const held = await gate.acquire();
    expect(await gate.acquire()).toBeNull();
    held!();
    delayMs = 150;
    expect(await gate.acquire()).toBeNull();
    expect(gate.load).toEqual({ inFlight: 0, waiting: 0 });
    delayMs = 20;
    expect(await gate.acquire()).toBeTypeOf('function');
    expect(gate.refused).toBe(2);
    expect(gate.refusedLate).toBe(1);
  });

  it('measures a loop kept busy tick after tick as late', async () => {
    const delay = new EventLoopDelay(10);
    const busyFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // A handler hogging the process, as a saturated gateway does.
      }
    };
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    for (let round = 0; round < 8; round += 1) {
      busyFor(200);
      await tick();
    }
    expect(delay.ms).toBeGreaterThan(100);
    delay.stop();
  });

  it('sees a loop blocked now at once, before its late tick fires', () => {
    const delay = new EventLoopDelay(10);
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // Blocked since the last tick: the tick cannot fire, yet the delay must show.
    }
    expect(delay.ms).toBeGreaterThan(100);
    delay.stop();
  });
});

describe('admissionLimitsFromEnv', () => {
  it('reads the four settings, each defaulting', () => {
    expect(admissionLimitsFromEnv({})).toEqual(defaultAdmissionLimits);
    expect(
      admissionLimitsFromEnv({
        GATEWAY_MAX_IN_FLIGHT: '8',
        GATEWAY_MAX_QUEUED: '0',
        GATEWAY_MAX_WAIT_MS: '',
        GATEWAY_MAX_LAG_MS: '0',
      }),
    ).toEqual({ ...defaultAdmissionLimits, maxInFlight: 8, maxQueued: 0, maxEventLoopDelayMs: 0 });
  });

  it('refuses a value that is not a whole number in range, naming it', () => {
    expect(() => admissionLimitsFromEnv({ GATEWAY_MAX_IN_FLIGHT: '0' })).toThrow(
      'GATEWAY_MAX_IN_FLIGHT must be a whole number of at least 1, got "0"',
    );
    expect(() => admissionLimitsFromEnv({ GATEWAY_MAX_WAIT_MS: 'soon' })).toThrow(
      'GATEWAY_MAX_WAIT_MS',
    );
  });
});
