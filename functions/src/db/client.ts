import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientConfig, dynamoDbClientLimits, watchDependency } from '../core/aws-clients';
import { env } from '../core/env';

/**
 * One document client per process, created on first use so that tests and the local gateway
 * can set the environment first. The SDK reads `AWS_ENDPOINT_URL_DYNAMODB` itself.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  // The document client shares the base client's middleware, so the watch covers both.
  documentClient ??= DynamoDBDocumentClient.from(
    watchDependency(new DynamoDBClient(awsClientConfig(dynamoDbClientLimits)), 'DynamoDB'),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

export function tableName(): string {
  return env.tableName;
}
