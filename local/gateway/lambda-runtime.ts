import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { handlerModulePath } from '#routes';
import { repoRoot } from '../config';
import { runWithPermissions } from './permission-check';

type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const featuresDir = path.join(repoRoot, 'functions', 'src', 'features');
const loaded = new Map<string, Promise<LambdaHandler>>();
/** Loaded handlers and their function names: a warm invocation awaits no import. */
const warm = new Map<string, { handler: LambdaHandler; functionName: string }>();

/**
 * Loads a handler module named in the route manifest, once, like a warm Lambda container.
 * The module reads its settings from process.env, which the local stack sets before.
 */
export function loadHandler(handlerName: string): Promise<LambdaHandler> {
  let pending = loaded.get(handlerName);
  if (!pending) {
    const file = path.join(featuresDir, handlerModulePath(handlerName));
    pending = import(pathToFileURL(file).href).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function') {
        throw new Error(`${file} does not export a handler`);
      }
      return module.handler;
    });
    loaded.set(handlerName, pending);
  }
  return pending;
}

// Lambda's deprecated callbacks, which no handler of ours calls: shared, not made per request.
const noCallback = () => undefined;

/** The Lambda context a handler receives; only the fields our code reads are meaningful. */
export function lambdaContext(functionName: string): Context {
  const requestId = randomUUID();
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: noCallback,
    fail: noCallback,
    succeed: noCallback,
  };
}

async function warmHandler(handlerName: string) {
  const handler = await loadHandler(handlerName);
  const loadedOne = { handler, functionName: handlerName.replace(/\W+/g, '-') };
  warm.set(handlerName, loadedOne);
  return loadedOne;
}

const invocationCounts = new Map<string, number>();

/**
 * How many times this process invoked a handler: a test proves that a refused request ran no
 * handler at all (docs/adr/0011-origin-authorizer.md) by comparing these before and after.
 */
export function invocationsOf(handlerName: string): number {
  return invocationCounts.get(handlerName) ?? 0;
}

/** Runs a handler as Lambda would, its AWS calls checked against its declared permissions. */
export async function invoke(handlerName: string, event: unknown): Promise<unknown> {
  invocationCounts.set(handlerName, invocationsOf(handlerName) + 1);
  const { handler, functionName } = warm.get(handlerName) ?? (await warmHandler(handlerName));
  return runWithPermissions(handlerName, () => handler(event, lambdaContext(functionName)));
}
