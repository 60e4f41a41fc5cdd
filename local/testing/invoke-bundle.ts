import { spawn } from 'node:child_process';

export interface BundleInvocation {
  /** What the handler answered (JSON), or undefined when it threw or the process died. */
  result: unknown;
  /** The handler's logs and any error, for the failure message. */
  output: string;
}

/**
 * What the Node.js runtime does with a zip function (and what `sam local invoke` runs in its
 * container): import `index.mjs`, call its `handler` export with the event and a context, and
 * hand back the JSON of the answer. The answer goes to file descriptor 3, so the handler's own
 * logs on stdout cannot be mistaken for it.
 */
const runtimeScript = `
import { readFileSync, writeSync } from 'node:fs';
const [bundle, eventFile, functionName] = process.argv.slice(1);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const deadline = Date.now() + 15000;
const context = {
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:' + functionName,
  memoryLimitInMB: '512',
  awsRequestId: 'replay-' + process.pid,
  logGroupName: '/aws/lambda/' + functionName,
  logStreamName: 'replay',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
};
const { handler } = await import(bundle);
const result = await handler(event, context);
writeSync(3, JSON.stringify(result ?? null));
`;

/**
 * Invokes a bundle's handler with the event in `eventFile`, in a fresh Node process whose whole
 * environment is `environment` (plus what Lambda itself sets), as a cold start of the function.
 */
export function invokeBundle(
  bundle: string,
  eventFile: string,
  functionName: string,
  environment: Record<string, string>,
): Promise<BundleInvocation> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', runtimeScript, bundle, eventFile, functionName],
      {
        env: {
          PATH: process.env.PATH ?? '',
          ...environment,
          AWS_LAMBDA_FUNCTION_NAME: functionName,
        },
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let answer = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    // A hung handler must fail the test, not hang it: Lambda's own limit is the function timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(timer);
      resolve({ result: answer ? (JSON.parse(answer) as unknown) : undefined, output });
    });
  });
}
