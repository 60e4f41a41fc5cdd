/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` gets the first
 * answer again (stripe-node keys every POST so its retries are safe); the same key with
 * different parameters is an `idempotency_error`; the same key while the first request is still
 * running is a 409 `idempotency_key_in_use`, which stripe-node retries (and then gets the
 * replay). Kept in memory for 24 hours.
 */
export interface StoredResponse {
  status: number;
  body: unknown;
}

interface Entry {
  fingerprint: string;
  response: StoredResponse;
  expiresAt: number;
}

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 10_000;

export type IdempotencyLookup =
  | { kind: 'miss' }
  | { kind: 'in_progress' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' };

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Set<string>();

  constructor(private readonly now: () => number) {}

  lookup(key: string, fingerprint: string): IdempotencyLookup {
    if (this.running.has(key)) return { kind: 'in_progress' };
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) return { kind: 'miss' };
    if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return { kind: 'replay', response: entry.response };
  }

  remember(key: string, fingerprint: string, response: StoredResponse): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { fingerprint, response, expiresAt: this.now() + TTL_MS });
  }

  /** Marks a key's first request as running, until `finish`. */
  start(key: string): void {
    this.running.add(key);
  }

  finish(key: string): void {
    this.running.delete(key);
  }
}
