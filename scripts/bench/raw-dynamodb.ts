import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { localResources } from '#local/config';
import { keepAliveAgent } from './http-client';
import type { Target } from './jobs';

/**
 * The raw baseline: the same GetItem or Query the app makes, sent by the load process straight
 * to DynamoDB Local with the SDK (as the handlers do), one keep-alive connection per client.
 * It is what DynamoDB Local serves on this machine in this run; the app's figure divided by it
 * is what the gateway and handler cost on top.
 */
export function rawDynamoDbSender(
  target: Exclude<Target, { kind: 'http' }>,
  concurrency: number,
): () => Promise<boolean> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: target.endpoint,
      region: localResources.region,
      credentials: {
        accessKeyId: localResources.accessKeyId,
        secretAccessKey: localResources.secretAccessKey,
      },
      requestHandler: { httpAgent: keepAliveAgent(concurrency) },
      maxAttempts: 1,
    }),
  );
  const TableName = localResources.tableName;
  if (target.kind === 'dynamodb-get') {
    const command = () => new GetCommand({ TableName, Key: target.key, ConsistentRead: true });
    return async () => Boolean((await client.send(command())).Item);
  }
  const command = () => new QueryCommand({ TableName, ...target.query });
  return async () => ((await client.send(command())).Items?.length ?? 0) > 0;
}
