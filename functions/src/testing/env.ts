import { vi } from 'vitest';
import { reloadEnv } from '../core/env';

/** `vi.stubEnv` for handler settings: env.ts reads them once, so it is told to read again. */
export function stubEnv(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  reloadEnv();
}

export function restoreEnv(): void {
  vi.unstubAllEnvs();
  reloadEnv();
}
