import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { freePort } from '#local/ports';
import * as dynamoDbSdk from '../db/testing-sdk';
import { restoreEnv, stubEnv } from '../testing/env';
import { awsClientConfig, SDK_LOGGER_STEP, watchDependency } from './aws-clients';
import { dependencyFailure, tagDependency } from './dependency-failure';
import { HttpError, InvariantError } from './errors';

afterEach(restoreEnv);

const metadata = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });

describe('dependencyFailure: what is a failed dependency', () => {
  it('reads timeouts and aborted requests as timeouts', () => {
    const sdkTimeout = Object.assign(new Error('Connection timed out after 3000 ms'), {
      name: 'TimeoutError',
    });
    expect(dependencyFailure(sdkTimeout)).toMatchObject({
      reason: 'timeout',
      error: 'TimeoutError',
    });
    expect(dependencyFailure(new DOMException('aborted', 'AbortError'))).toMatchObject({
      reason: 'timeout',
    });
    expect(dependencyFailure(new DOMException('signal timed out', 'TimeoutError'))).toMatchObject({
      reason: 'timeout',
    });
  });

  it('reads socket errors as network failures', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']) {
      const error = Object.assign(new Error(`connect ${code}`), { code });
      expect(dependencyFailure(error), code).toMatchObject({ reason: 'network' });
    }
  });

  it('reads throttling and 5xx answers of the AWS SDK as dependency failures', () => {
    const throttled = new dynamoDbSdk.ProvisionedThroughputExceededException({
      message: 'slow down',
      ...metadata(400),
    });
    expect(dependencyFailure(throttled)).toMatchObject({
      reason: 'throttled',
      error: 'ProvisionedThroughputExceededException',
    });
    const sesThrottled = Object.assign(new Error('x'), {
      name: 'TooManyRequestsException',
      ...metadata(429),
    });
    expect(dependencyFailure(sesThrottled)).toMatchObject({ reason: 'throttled' });
    const internal = new dynamoDbSdk.InternalServerError({ message: 'oops', ...metadata(500) });
    expect(dependencyFailure(internal)).toMatchObject({ reason: 'server-error' });
    const unavailable = Object.assign(new Error('x'), {
      name: 'ServiceUnavailable',
      ...metadata(503),
    });
    expect(dependencyFailure(unavailable)).toMatchObject({ reason: 'server-error' });
  });

  it('reads a transaction cancelled only by throttling or conflicts as busy, not refused', () => {
    const busy = new dynamoDbSdk.TransactionCanceledException({
      message: 'cancelled',
      ...metadata(400),
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    expect(dependencyFailure(busy)).toMatchObject({ reason: 'throttled' });
    const refused = new dynamoDbSdk.TransactionCanceledException({
      message: 'cancelled',
      ...metadata(400),
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }],
    });
    expect(dependencyFailure(refused)).toBeNull();
  });

  it('leaves refusals, validation and our own errors alone', () => {
    expect(
      dependencyFailure(
        new dynamoDbSdk.ConditionalCheckFailedException({ message: 'no', ...metadata(400) }),
      ),
    ).toBeNull();
    const validation = Object.assign(new Error('bad key'), {
      name: 'ValidationException',
      $fault: 'client',
      ...metadata(400),
    });
    expect(dependencyFailure(validation)).toBeNull();
    expect(dependencyFailure(new HttpError(409, 'taken'))).toBeNull();
    expect(dependencyFailure(new InvariantError('Case', 'CASE#1 CASE'))).toBeNull();
    expect(dependencyFailure(z.string().safeParse(1).error)).toBeNull();
    expect(dependencyFailure(new TypeError('x is undefined'))).toBeNull();
    expect(dependencyFailure('a string')).toBeNull();
    expect(dependencyFailure(undefined)).toBeNull();
  });

  it('reads Stripe connection, rate-limit and 5xx API errors as failures, card errors not', () => {
    const connection = new Stripe.errors.StripeConnectionError({ message: 'timed out' });
    expect(dependencyFailure(connection)).toEqual({
      dependency: 'Stripe',
      reason: 'network',
      error: 'StripeConnectionError',
    });
    const api = new Stripe.errors.StripeAPIError({ message: 'boom', statusCode: 500 });
    expect(dependencyFailure(api)).toMatchObject({ dependency: 'Stripe', reason: 'server-error' });
    const rate = new Stripe.errors.StripeRateLimitError({ message: 'slow', statusCode: 429 });
    expect(dependencyFailure(rate)).toMatchObject({ reason: 'throttled' });
    const card = new Stripe.errors.StripeCardError({ message: 'declined', statusCode: 402 });
    expect(dependencyFailure(card)).toBeNull();
    const invalid = new Stripe.errors.StripeInvalidRequestError({ message: 'no', statusCode: 400 });
    expect(dependencyFailure(invalid)).toBeNull();
  });

  it('follows a wrapped cause and keeps the first tag', () => {
    const inner = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
    tagDependency(inner, 'S3');
    tagDependency(inner, 'SES');
    expect(dependencyFailure(new Error('wrapped', { cause: inner }))).toMatchObject({
      dependency: 'S3',
      reason: 'network',
    });
  });
});

describe('the AWS clients name the dependency that failed', () => {
  it("drops the SDK's logging step from a watched client (we never give it a logger)", () => {
    const steps = (client: dynamoDbSdk.DynamoDBClient) =>
      client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);
    const plain = new dynamoDbSdk.DynamoDBClient(awsClientConfig());
    const watched = watchDependency(new dynamoDbSdk.DynamoDBClient(awsClientConfig()), 'DynamoDB');
    expect(steps(plain)).toContain(SDK_LOGGER_STEP);
    expect(steps(watched)).not.toContain(SDK_LOGGER_STEP);
    expect(steps(watched)).toContain('dependencyTag');
  });

  it('tags a real connection failure of a watched client (a dead port)', async () => {
    stubEnv({ AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x' });
    const port = await freePort();
    const dynamo = watchDependency(
      new dynamoDbSdk.DynamoDBClient({
        ...awsClientConfig(),
        endpoint: `http://127.0.0.1:${port}`,
      }),
      'DynamoDB',
    );
    const ses = watchDependency(
      new SESv2Client({ ...awsClientConfig(), endpoint: `http://127.0.0.1:${port}` }),
      'SES',
    );
    const dynamoError = await dynamo
      .send(new dynamoDbSdk.GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))
      .catch((error: unknown) => error);
    expect(dependencyFailure(dynamoError)).toMatchObject({
      dependency: 'DynamoDB',
      reason: 'network',
    });
    const sesError = await ses
      .send(
        new SendEmailCommand({
          FromEmailAddress: 'a@example.org',
          Destination: { ToAddresses: ['b@example.org'] },
          Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
        }),
      )
      .catch((error: unknown) => error);
    expect(dependencyFailure(sesError)).toMatchObject({ dependency: 'SES', reason: 'network' });
    dynamo.destroy();
    ses.destroy();
  });
});
