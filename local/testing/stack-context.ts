import path from 'node:path';
import { inject } from 'vitest';
import { reloadEnv } from '#core/env';
import type { TestAdmin, TestStack } from './global-setup';
import { keepNumber, readKeptNumber, stepsDirOf } from './test-accounts-dir';

/**
 * The running test stack, with its handler environment applied to this worker, so a test can
 * seed the table through the same data layer the handlers use.
 */
export function useTestStack(): TestStack {
  const { admins, adminsPerWorker, ...stack } = inject('stack');
  Object.assign(process.env, stack.handlerEnvironment);
  reloadEnv();
  fileAdmin ??= nextWorkerAdmin(stack, admins, adminsPerWorker);
  return { ...stack, admin: fileAdmin };
}

/** This test file's administrator: modules are fresh per file, so one is taken per file. */
let fileAdmin: TestAdmin | undefined;

/**
 * The worker's next administrator, in turn (global-setup.ts says why a worker has several). The
 * turn is kept in a file beside the TOTP steps, as each test file starts with fresh modules.
 */
function nextWorkerAdmin(
  stack: { appUrl: string },
  admins: readonly TestAdmin[],
  adminsPerWorker: number,
): TestAdmin {
  const worker = Math.max(Number(process.env.VITEST_POOL_ID ?? 1), 1);
  const workers = Math.max(Math.floor(admins.length / adminsPerWorker), 1);
  // More workers than were planned for (a CLI `--maxWorkers` above the config's) share a set:
  // slower sign-ins, not wrong ones.
  const first = ((worker - 1) % workers) * adminsPerWorker;
  const turnFile = path.join(stepsDirOf(stack), `admin-turn-${worker}`);
  const turn = readKeptNumber(turnFile, 0);
  keepNumber(turnFile, turn + 1);
  return admins[first + (turn % adminsPerWorker)] ?? admins[0]!;
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
