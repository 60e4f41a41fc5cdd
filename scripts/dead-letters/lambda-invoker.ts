import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';

export type InvokeOutcome = { ok: true } | { ok: false; error: string };

/** Runs a function once with a payload and says whether it succeeded. */
export type InvokeRun = (functionName: string, payload: unknown) => Promise<InvokeOutcome>;

/**
 * Lambda `Invoke`, synchronously (`RequestResponse`): the replay deletes a failed run only once
 * its function has run it without error. A function error (`FunctionError`, status 200) and a
 * refused call (throttled, not found) are both failures, with the reason Lambda gave.
 */
export function lambdaInvoker(client: LambdaClient): InvokeRun {
  return async (functionName, payload) => {
    try {
      const result = await client.send(
        new InvokeCommand({
          FunctionName: functionName,
          InvocationType: 'RequestResponse',
          Payload: new TextEncoder().encode(JSON.stringify(payload)),
        }),
      );
      if (result.FunctionError) {
        return { ok: false, error: `${result.FunctionError}: ${errorMessageOf(result.Payload)}` };
      }
      if (result.StatusCode !== 200) return { ok: false, error: `status ${result.StatusCode}` };
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      };
    }
  };
}

/** The `errorMessage` of a function error's payload (`{errorType, errorMessage, …}`). */
function errorMessageOf(payload: Uint8Array | undefined): string {
  if (!payload) return 'no details';
  try {
    const parsed = JSON.parse(new TextDecoder().decode(payload)) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : 'no details';
  } catch {
    return 'no details';
  }
}
