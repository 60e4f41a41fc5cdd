import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

/**
 * Test only: the DynamoDB SDK for tests outside db/. Lint keeps the SDK's packages inside
 * functions/src/db, tests included (docs/adr/0002-data-layer.md): a unit test that answers the
 * document client's commands itself, or that checks how core/ reads what the SDK throws, takes
 * them from here, so every test that depends on the SDK's shapes is one search away. No handler
 * or script imports this module.
 */

/**
 * The document client every entity module sends through (`client.ts`), mocked until
 * `restore()`: each command answers what the test registers with `.on(Command)`.
 */
export function mockDocumentClient() {
  return mockClient(DynamoDBDocumentClient);
}

/** The document client's commands a test answers or counts. */
export {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';

/**
 * The low-level client, one of its commands and the errors DynamoDB throws: what the
 * dependency-failure and fault-injection tests send and classify.
 */
export {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
