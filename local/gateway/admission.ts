/**
 * Load shedding at the local gateway (issue 12 item 3). In the cloud, Lambda runs at most the
 * account's concurrency at once and DynamoDB throttles past its capacity; locally every handler
 * shares one process and one DynamoDB Local, and without a limit a burst past capacity queues
 * in the event loop until every request times out. The gate admits a fixed number of API
 * invocations at once, lets a few more wait briefly for a slot, and refuses the rest at once,
 * so past capacity clients get a fast 503 with `Retry-After` (server.ts) and back off, while
 * what was admitted still finishes in time.
 */

export interface AdmissionLimits {
  /** API invocations running at once. */
  maxInFlight: number;
  /** Requests that may wait for a slot; past that a request is refused at once. */
  maxQueued: number;
  /**
   * How long a waiting request waits for a slot before it is refused. A request that would not
   * get one in time (its place in the queue times the recent invocation time, shared by the
   * slots) is refused at once instead: a refusal that waited first is a slow refusal.
   */
  maxWaitMs: number;
  /**
   * Refuse every API request while the gateway's own event loop runs this late (smoothed), 0
   * for never. The in-flight limit cannot see requests that wait before they reach it: when the
   * process itself is saturated they queue in its sockets, and measured here, refusals then
   * took seconds. A late event loop is that queue's symptom (as in Fastify's under-pressure).
   */
  maxEventLoopDelayMs: number;
}

/**
 * Measured on this 2-core machine (issue 12, third round; docs/performance.md, "Refusals past
 * capacity"). 8 running: past capacity the gateway served more with 8 than with 32 (DynamoDB
 * Local answers 8 at once faster than 32, and the CPU it leaves is what refusing needs), and a
 * refusal's time was spent waiting for the gateway, not in it. 128 waiting with at most 1 s
 * of expected wait: 100 clients at once (the ratio run at c=100, a crowd loading pages) wait
 * for a slot instead of hearing 503, while past capacity the queue stays as short as the slots
 * drain in time and the rest are refused at once (a queue of 64 that every request waited 20
 * ms in refused ~3,000 a second only after their wait; with 250 and 500 ms a 100-client run
 * still had 2 and 4 errors, and with 250 ms 2 patients got no push ticket in 4 tries). The
 * event-loop limit, past capacity only, is below the 50 ms goal for a 503: a refusal
 * waits at least as long as the loop is late.
 */
export const defaultAdmissionLimits: AdmissionLimits = {
  maxInFlight: 8,
  maxQueued: 128,
  maxWaitMs: 1_000,
  maxEventLoopDelayMs: 25,
};

/** Ends an admitted invocation; a second call does nothing. */
export type Release = () => void;

interface Waiter {
  admit: (release: Release) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** How long after the gate was last full a late event loop still refuses requests. */
const PAST_CAPACITY_WINDOW_MS = 1_000;

/** The weight of the latest invocation in the running mean of invocation times. */
const SERVICE_TIME_WEIGHT = 0.1;

export class AdmissionGate {
  private inFlight = 0;
  private readonly waiting: Waiter[] = [];
  /** How long an invocation holds its slot, a running mean (0 until one has finished). */
  private serviceMs = 0;
  /** When the gate last had neither a slot nor a place for a request. */
  private fullAt = Number.NEGATIVE_INFINITY;
  /** Requests refused since the gate was made (the gateway logs the count). */
  refused = 0;
  /** Of those, refused because the event loop ran late (the rest: no slot in time). */
  refusedLate = 0;

  /**
   * `eventLoopDelayMs` says how late the event loop runs now (an {@link EventLoopDelay});
   * `now` is the clock invocations are timed with.
   */
  constructor(
    readonly limits: AdmissionLimits,
    private readonly eventLoopDelayMs: () => number = () => 0,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Whether a request arriving now would be refused at once (the event loop is late, or every
   * slot is taken and the queue is full). The gateway asks at the start of a request and
   * answers with a ready-made 503 without reading the body or building the event: past
   * capacity, refusing must cost the saturated process as little as it can.
   */
  refusesNow(): boolean {
    const { maxInFlight } = this.limits;
    if (this.loopIsLate()) return true;
    return this.inFlight >= maxInFlight && !this.mayWait();
  }

  /**
   * Whether one more request may wait for a slot: the queue has room and, from the recent
   * invocation time, a slot should free up for it within `maxWaitMs`. Past capacity the queue
   * stays as short as the slots drain in that time, so the requests in it are served and the
   * rest hear 503 at once; a burst a little over the slots (100 clients at once) still waits.
   */
  private mayWait(): boolean {
    const { maxInFlight, maxQueued, maxWaitMs } = this.limits;
    const place = this.waiting.length + 1;
    const may = place <= maxQueued && (place * this.serviceMs) / maxInFlight <= maxWaitMs;
    if (!may) this.fullAt = this.now();
    return may;
  }

  /** Counts a refusal the caller answered itself after {@link refusesNow}. */
  countRefusal(): void {
    this.refuse();
  }

  /** A slot for one invocation, or null when it is refused (the caller answers 503). */
  acquire(): Promise<Release | null> {
    if (this.loopIsLate()) return Promise.resolve(this.refuse());
    if (this.inFlight < this.limits.maxInFlight && this.waiting.length === 0) {
      return Promise.resolve(this.take());
    }
    if (!this.mayWait()) return Promise.resolve(this.refuse());
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          resolve(this.refuse());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** What the gate holds now, for tests and logs. */
  get load(): { inFlight: number; waiting: number } {
    return { inFlight: this.inFlight, waiting: this.waiting.length };
  }

  /**
   * Whether the event loop runs later than the limit while the gate is past capacity (it had
   * no room for a request within the last {@link PAST_CAPACITY_WINDOW_MS}); each yes is counted
   * in `refusedLate`. A loop late on a busy machine while every request still finds a slot or a
   * place (100 clients at once) is not a reason to refuse: measured in issue 12's third round,
   * the late loop alone refused 9–366 of a 16-client run's requests and most of a 100-client
   * run's when other work shared the machine. Past capacity the gate is full all the time.
   */
  private loopIsLate(): boolean {
    const { maxEventLoopDelayMs } = this.limits;
    const late =
      maxEventLoopDelayMs > 0 &&
      this.now() - this.fullAt < PAST_CAPACITY_WINDOW_MS &&
      this.eventLoopDelayMs() > maxEventLoopDelayMs;
    if (late) this.refusedLate += 1;
    return late;
  }

  private refuse(): null {
    this.refused += 1;
    return null;
  }

  private take(): Release {
    this.inFlight += 1;
    const startedAt = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      const tookMs = this.now() - startedAt;
      this.serviceMs =
        this.serviceMs === 0
          ? tookMs
          : this.serviceMs + SERVICE_TIME_WEIGHT * (tookMs - this.serviceMs);
      // The slot goes straight to the longest waiting request, first come first served.
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit(this.take());
      }
    };
  }
}

/**
 * How late the event loop runs: a timer due every `tickMs` notes how late it fired, smoothed
 * over the last ticks (an exponentially weighted mean), so one long task (a handler's first
 * import takes ~100 ms) does not refuse requests, and a loop that stays late does.
 */
export class EventLoopDelay {
  private smoothedMs = 0;
  private due: number;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(tickMs = 20, weight = 0.2) {
    this.due = performance.now() + tickMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.smoothedMs += weight * (Math.max(0, now - this.due) - this.smoothedMs);
      this.due = now + tickMs;
    }, tickMs);
    // It never keeps the process alive.
    this.timer.unref();
  }

  /**
   * The smoothed lateness, or how overdue the next tick is now if that is more: a loop blocked
   * since the last tick shows at once, not only when the tick finally fires (measured in the
   * first round: the smoothed figure alone let refusals wait behind a loop seconds late).
   */
  get ms(): number {
    return Math.max(this.smoothedMs, performance.now() - this.due);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The limits `npm start` reads from the environment (README), each defaulting as above. */
export function admissionLimitsFromEnv(
  environment: Record<string, string | undefined> = process.env,
): AdmissionLimits {
  const read = (name: string, fallback: number, min: number): number => {
    const raw = environment[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
    }
    return value;
  };
  return {
    maxInFlight: read('GATEWAY_MAX_IN_FLIGHT', defaultAdmissionLimits.maxInFlight, 1),
    maxQueued: read('GATEWAY_MAX_QUEUED', defaultAdmissionLimits.maxQueued, 0),
    maxWaitMs: read('GATEWAY_MAX_WAIT_MS', defaultAdmissionLimits.maxWaitMs, 0),
    maxEventLoopDelayMs: read('GATEWAY_MAX_LAG_MS', defaultAdmissionLimits.maxEventLoopDelayMs, 0),
  };
}
