import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { localResources } from '../config';
import { startStack, type RunningStack, type StackOptions } from '../stack';
import { forgetStoredSteps } from './second-factor';
import { testStackSettings } from './test-stack-settings';

/**
 * A stack of one test file's own, for settings the shared stack cannot have (a triage region,
 * TURN with relay-only rooms): the shared stack's test settings plus `settings`, in a fresh data
 * directory. `stop()` stops it and removes that directory.
 *
 * In a suite with a shared stack (local/testing/global-setup.ts), it keeps its data in a table
 * of its own in the shared stack's DynamoDB Local rather than starting a Java process: a JVM
 * that served one file for 12 s took 6 CPU-s to start and warm up, and 21 files start an own
 * stack (30 November 2026). The table is new, so the file still starts from an empty store.
 */
export async function startOwnStack(
  name: string,
  settings: Partial<Omit<StackOptions, 'dataDir'>> = {},
): Promise<{ stack: RunningStack; stop: () => Promise<void> }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(name, settings);
    } catch (error) {
      // The stack's free ports are found before they are bound, so a file's stack starting in
      // parallel can take one in between (CI saw `listen EADDRINUSE`); startStack has stopped
      // what it started, so a second try with fresh ports is clean.
      if (attempt >= PORT_RACE_ATTEMPTS || !isAddressInUse(error)) throw error;
    }
  }
}

const PORT_RACE_ATTEMPTS = 3;

function isAddressInUse(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === 'EADDRINUSE' ||
    (error instanceof Error && error.message.includes('EADDRINUSE'))
  );
}

async function startOnce(
  name: string,
  settings: Partial<Omit<StackOptions, 'dataDir'>>,
): Promise<{ stack: RunningStack; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `telehealth-${name}-`));
  try {
    const sharedDynamoDb = sharedDynamoDbEndpoint();
    const stack = await startStack({
      ...testStackSettings,
      web: 'dist',
      logLevel: 'warn',
      rateLimitMultiplier: 1000,
      admin: { username: 'test-admin', password: 'test-admin-password-1234' },
      ...(sharedDynamoDb
        ? {
            sharedDynamoDb: {
              endpoint: sharedDynamoDb,
              // The data directory's random suffix: unique among the stacks of the run.
              tableName: `${localResources.tableName}-${path.basename(dataDir)}`,
            },
          }
        : {}),
      ...settings,
      dataDir,
    });
    return {
      stack,
      stop: async () => {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
        forgetStoredSteps(stack);
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The shared stack's DynamoDB Local, when this runs in a Vitest suite whose global setup
 * provides one; none elsewhere (the bench's call rig starts an own stack outside Vitest, where
 * `inject` throws).
 */
function sharedDynamoDbEndpoint(): string | undefined {
  try {
    return inject('stack')?.handlerEnvironment.AWS_ENDPOINT_URL_DYNAMODB;
  } catch {
    return undefined;
  }
}
