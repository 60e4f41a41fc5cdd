import type { IncomingMessage, ServerResponse } from 'node:http';
import { functionNameOf } from '../../functions/src/scheduled-runs';
import type { LocalAsyncInvoker, RunFunction } from './async-invoke';
import { writeJson } from './http-events';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export interface LocalLambdaApi {
  /** The functions it may invoke, by name (the local stack: the scheduled targets). */
  functionNames: ReadonlySet<string>;
  run: RunFunction;
  async: LocalAsyncInvoker;
}

/**
 * Lambda's `Invoke` (`POST /2015-03-31/functions/{name}/invocations`) as the AWS SDK sends it,
 * for the local stack's scheduled targets: `RequestResponse` runs the handler and answers its
 * result, or its error with `X-Amz-Function-Error: Unhandled` (status 200, as Lambda does);
 * `Event` queues the run like an asynchronous invocation (retries, then the failed-runs queue);
 * `DryRun` only checks the function exists. Returns false for any other path.
 */
export function handleLambdaApi(
  api: LocalLambdaApi,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
): boolean {
  const match = INVOKE_PATH.exec(url.pathname);
  if (!match || req.method !== 'POST') return false;
  const functionName = functionNameOf(decodeURIComponent(match[1]!));
  if (!api.functionNames.has(functionName)) {
    lambdaError(res, 404, 'ResourceNotFoundException', `Function not found: ${functionName}`);
    return true;
  }
  let payload: unknown;
  try {
    payload = body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as unknown);
  } catch {
    lambdaError(
      res,
      400,
      'InvalidRequestContentException',
      'Could not parse request body into json',
    );
    return true;
  }
  const invocationType = req.headers['x-amz-invocation-type'] ?? 'RequestResponse';
  if (invocationType === 'DryRun') {
    res.writeHead(204).end();
  } else if (invocationType === 'Event') {
    void api.async.invoke(functionName, payload);
    res.writeHead(202).end();
  } else {
    void runAndAnswer(api, functionName, payload, res);
  }
  return true;
}

async function runAndAnswer(
  api: LocalLambdaApi,
  functionName: string,
  payload: unknown,
  res: ServerResponse,
): Promise<void> {
  const version = { 'x-amz-executed-version': '$LATEST' };
  try {
    const result = await api.run(functionName, payload);
    writeJson(res, 200, result ?? null, version);
  } catch (error) {
    writeJson(
      res,
      200,
      {
        errorType: error instanceof Error ? error.name : 'Error',
        errorMessage: error instanceof Error ? error.message : String(error),
      },
      { ...version, 'x-amz-function-error': 'Unhandled' },
    );
  }
}

function lambdaError(res: ServerResponse, status: number, type: string, message: string): void {
  writeJson(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });
}
