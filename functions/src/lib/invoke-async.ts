import type { LambdaClient } from '@aws-sdk/client-lambda';
import { awsClientConfig, watchDependency } from '../core/aws-clients';

/** Loaded on first use, not with the handler: most requests never start a worker. */
const lambdaSdk = () => import('./aws-sdk/lambda');

let client: LambdaClient | undefined;

/** One client per container; the SDK reads `AWS_ENDPOINT_URL_LAMBDA` locally. */
async function lambda(): Promise<LambdaClient> {
  const { LambdaClient } = await lambdaSdk();
  client ??= watchDependency(new LambdaClient(awsClientConfig()), 'Lambda');
  return client;
}

/**
 * Starts a function asynchronously (`InvocationType: Event`): Lambda queues the run and answers
 * at once, so the caller never waits for it; a run that throws is retried by Lambda and then
 * kept in the failed-runs queue (the target's `EventInvokeConfig`, infra/lib/scheduler.ts).
 */
export async function invokeAsync(functionArn: string, payload: unknown): Promise<void> {
  const { InvokeCommand } = await lambdaSdk();
  await (
    await lambda()
  ).send(
    new InvokeCommand({
      FunctionName: functionArn,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
}
