/**
 * A per-container map whose entries stop being answered at their own expiry. Expired entries
 * are dropped whenever one is added, so a warm container that serves many rooms keeps only the
 * live ones.
 */
export class ExpiringCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();

  get(key: string, now: number): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: Value, expiresAt: number, now: number): void {
    for (const [other, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(other);
    }
    if (expiresAt > now) this.entries.set(key, { value, expiresAt });
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
