import { inject } from 'vitest';
import { reloadEnv } from '../../functions/src/core/env';
import type { TestStack } from './global-setup';

/**
 * The running test stack, with its handler environment applied to this worker, so a test can
 * seed the table through the same data layer the handlers use.
 */
export function useTestStack(): TestStack {
  const stack = inject('stack');
  Object.assign(process.env, stack.handlerEnvironment);
  reloadEnv();
  return stack;
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
