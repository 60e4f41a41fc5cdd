/**
 * Stripe's idempotent requests: a POST repeated with the same `Idempotency-Key` gets the first
 * answer again (stripe-node keys every POST so its retries are safe); the same key with
 * different parameters is an `idempotency_error`. Kept in memory for 24 hours.
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
  { kind: 'miss' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' };

export class IdempotencyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  lookup(key: string, fingerprint: string): IdempotencyLookup {
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
}
