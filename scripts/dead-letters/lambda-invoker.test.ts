import { InvokeCommand, LambdaClient, type InvokeCommandOutput } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { lambdaInvoker } from './lambda-invoker';

const lambda = mockClient(LambdaClient);
/** A payload as the SDK hands it over: bytes that can also read themselves as text. */
const bytes = (value: unknown): InvokeCommandOutput['Payload'] => {
  const text = JSON.stringify(value);
  return Object.assign(new TextEncoder().encode(text), { transformToString: () => text });
};

beforeEach(() => lambda.reset());

describe('invoking a failed run again', () => {
  it('invokes synchronously with the original input and succeeds on a run without error', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: bytes({ expired: false }) });
    const invoke = lambdaInvoker(new LambdaClient({}));
    expect(await invoke('telehealth-prod-cases-expire-case', { caseId: 'c1' })).toEqual({
      ok: true,
    });
    const input = lambda.commandCalls(InvokeCommand)[0]!.args[0].input;
    expect(input.FunctionName).toBe('telehealth-prod-cases-expire-case');
    expect(input.InvocationType).toBe('RequestResponse');
    expect(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array))).toEqual({
      caseId: 'c1',
    });
  });

  it('fails on a function error (status 200 with FunctionError), with the error’s message', async () => {
    lambda.on(InvokeCommand).resolves({
      StatusCode: 200,
      FunctionError: 'Unhandled',
      Payload: bytes({
        errorType: 'RefundFailedError',
        errorMessage: 'The refund of case c1 failed',
      }),
    });
    expect(await lambdaInvoker(new LambdaClient({}))('f', {})).toEqual({
      ok: false,
      error: 'Unhandled: The refund of case c1 failed',
    });
  });

  it('fails when Lambda refuses the call', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'TooManyRequestsException',
    });
    lambda.on(InvokeCommand).rejects(throttled);
    expect(await lambdaInvoker(new LambdaClient({}))('f', {})).toEqual({
      ok: false,
      error: 'TooManyRequestsException: Rate exceeded',
    });
  });
});
