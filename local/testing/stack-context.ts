import { inject } from 'vitest';
import { reloadEnv } from '#core/env';
import type { TestAdmin, TestStack } from './global-setup';

/**
 * The running test stack, with its handler environment applied to this worker, so a test can
 * seed the table through the same data layer the handlers use.
 */
export function useTestStack(): TestStack {
  const { admins, ...stack } = inject('stack');
  Object.assign(process.env, stack.handlerEnvironment);
  reloadEnv();
  return { ...stack, admin: workerAdmin(admins) };
}

/** This worker's own administrator (global-setup.ts says why each worker has one). */
function workerAdmin(admins: readonly TestAdmin[]): TestAdmin {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  // More workers than admins (a CLI `--maxWorkers` above the config's) share: slower, not wrong.
  return admins[(Math.max(worker, 1) - 1) % admins.length]!;
}

/** A browser-like call to the app: same origin, JSON. */
export function appFetch(
  stack: TestStack,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('origin')) headers.set('origin', stack.appUrl);
  return fetch(new URL(path, stack.appUrl), { ...init, headers });
}
