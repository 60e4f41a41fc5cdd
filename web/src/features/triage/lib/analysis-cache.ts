import {
  ANALYSIS_CACHE,
  type AnalyserMode,
  type RegionSetting,
  type SymptomAnalysis,
} from '@shared/triage';

interface Entry {
  analysis: SymptomAnalysis;
  storedAt: number;
  bytes: number;
}

export interface AnalysisCacheOptions {
  /** Total size limit, estimated as UTF-16 bytes of key and JSON value. Default 50 MB. */
  maxBytes?: number;
  /** Entry lifetime. Default 1 hour. */
  ttlMs?: number;
  now?: () => number;
}

/** The cache key: text (trimmed), mode and region, since each changes the answer. */
export function analysisCacheKey(text: string, mode: AnalyserMode, region: RegionSetting): string {
  return `${mode}\u0000${region}\u0000${text.trim()}`;
}

/**
 * In-memory analysis cache (spec doc 1 §9): entries expire 1 hour after being stored, and the
 * least recently used are evicted once the estimated total passes 50 MB.
 */
export class AnalysisCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor({
    maxBytes = ANALYSIS_CACHE.maxBytes,
    ttlMs = ANALYSIS_CACHE.ttlMs,
    now = Date.now,
  }: AnalysisCacheOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): SymptomAnalysis | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry); // most recently used last
    return entry.analysis;
  }

  set(key: string, analysis: SymptomAnalysis): void {
    this.delete(key);
    const bytes = 2 * (key.length + JSON.stringify(analysis).length);
    if (bytes > this.#maxBytes) return;
    this.#entries.set(key, { analysis, storedAt: this.#now(), bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}

/** The page-wide cache used by `useSymptomAnalysis`. */
export const analysisCache = new AnalysisCache();
