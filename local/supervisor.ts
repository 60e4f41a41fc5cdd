import type { Server } from 'node:http';

/**
 * `npm start` watches what it started (issue 10 item 9): when DynamoDB Local, s3rver, the
 * mailbox, the Stripe stand-in or the gateway ends without being asked to, it says which and
 * starts it again on the same port with the same data directory, so the stack stays whole. One
 * that ends again soon after its restart (or cannot be restarted) is not retried in a loop:
 * everything is stopped and the reason given, never a half-alive stack.
 */

export type ServiceName = 'dynamodb' | 's3' | 'mailbox' | 'stripe' | 'gateway';

export interface ServiceHandle {
  /** Stops the service on purpose; its end is then not a death. */
  stop(): Promise<void>;
  /** Settles when the service ends, with a few words on how (`exit code 137`). */
  ended: Promise<string>;
  /** The OS process of a service that runs in its own (DynamoDB Local). */
  pid?: number;
}

export interface ServiceSpec {
  /** As a person reads it: `DynamoDB Local`. */
  title: string;
  /** What a restart keeps, for the message: `port 8000, data in .data/dynamodb`. */
  keeps: string;
  start(): Promise<ServiceHandle>;
}

export interface SupervisorOptions {
  log(message: string): void;
  /** Called once, when a service could not be kept up; the caller stops everything. */
  onGiveUp(message: string): void;
  /** A service that ends again within this long of its restart is given up (default 30 s). */
  quickDeathMs?: number;
}

interface Entry {
  spec: ServiceSpec;
  handle: ServiceHandle | null;
  restartedAt: number | null;
}

/** Settles when an in-process server closes (s3rver, the mailbox, the Stripe stand-in, the gateway). */
export function serverEnded(server: Server): Promise<string> {
  return new Promise((resolve) => server.once('close', () => resolve('its server closed')));
}

export class Supervisor {
  private readonly entries = new Map<ServiceName, Entry>();
  private givenUp = false;
  private stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts a service and watches it from then on. */
  async start(name: ServiceName, spec: ServiceSpec): Promise<ServiceHandle> {
    const entry: Entry = { spec, handle: null, restartedAt: null };
    this.entries.set(name, entry);
    return this.run(name, entry);
  }

  /** The running handle of a service (tests read DynamoDB Local's pid from it). */
  handle(name: ServiceName): ServiceHandle | null {
    return this.entries.get(name)?.handle ?? null;
  }

  /** Stops one service on purpose, without a restart (tests of what a missing service does). */
  async pause(name: ServiceName): Promise<void> {
    const entry = this.entries.get(name);
    const handle = entry?.handle;
    if (!entry || !handle) return;
    entry.handle = null;
    await handle.stop();
  }

  /** Starts a paused service again, watched as before. */
  async resume(name: ServiceName): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry || entry.handle) return;
    await this.run(name, entry);
  }

  /** Stops every service, last started first; deaths from now on are expected. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const entry of [...this.entries.values()].reverse()) {
      const handle = entry.handle;
      entry.handle = null;
      await handle?.stop().catch(() => undefined);
    }
  }

  private async run(name: ServiceName, entry: Entry): Promise<ServiceHandle> {
    const handle = await entry.spec.start();
    if (this.stopping) {
      // Everything was stopped while this one was starting: do not leave it running alone.
      await handle.stop();
      throw new Error(`${entry.spec.title} started while the stack was stopping`);
    }
    entry.handle = handle;
    void handle.ended.then((how) => this.ended(name, entry, handle, how));
    return handle;
  }

  private async ended(name: ServiceName, entry: Entry, handle: ServiceHandle, how: string) {
    // Stopped on purpose (pause, stopAll) or already replaced: not a death.
    if (this.stopping || this.givenUp || entry.handle !== handle) return;
    entry.handle = null;
    const { title, keeps } = entry.spec;
    const quickDeathMs = this.options.quickDeathMs ?? 30_000;
    if (entry.restartedAt !== null && Date.now() - entry.restartedAt < quickDeathMs) {
      const seconds = Math.round((Date.now() - entry.restartedAt) / 1000);
      return this.giveUp(
        `${title} stopped again (${how}) ${seconds} s after it was restarted. ` +
          'Stopping everything rather than running without it.',
      );
    }
    this.options.log(`${title} stopped unexpectedly (${how}); restarting it (${keeps})...`);
    try {
      entry.restartedAt = Date.now();
      await this.run(name, entry);
      this.options.log(`${title} is running again.`);
    } catch (error) {
      this.giveUp(
        `${title} stopped (${how}) and could not be restarted: ` +
          `${error instanceof Error ? error.message : String(error)}. Stopping everything.`,
      );
    }
  }

  private giveUp(message: string): void {
    if (this.givenUp) return;
    this.givenUp = true;
    this.options.onGiveUp(message);
  }
}
