import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, from which the stack finds `web/dist` and `.data/`. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Local names of the cloud resources (the CDK stack names them per stage). */
export const localResources = {
  tableName: 'telehealth-local',
  uploadsBucket: 'telehealth-uploads-local',
  region: 'us-east-1',
  /** s3rver accepts only these credentials; DynamoDB Local and the mailbox accept any. */
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  stripeSecretKey: 'sk_test_local',
  stripePublishableKey: 'pk_test_local',
  stripeWebhookSecret: 'whsec_local_development_secret',
  sesFrom: 'no-reply@telehealth.local',
  /** Where a scheduled run that failed every attempt is kept (`failedRunsQueueName('local')`). */
  failedRunsQueue: 'telehealth-local-target-dlq',
} as const;

/** Default ports of `npm start`; tests and the benchmark ask the OS for free ones instead. */
export const defaultPorts = {
  app: 3000,
  dynamodb: 8000,
  s3: 4569,
  mailbox: 8005,
  stripe: 12111,
} as const;
export type StackPorts = { -readonly [K in keyof typeof defaultPorts]: number };

/** The local administrator created at start (issue: printed by `npm start`). */
export const defaultAdmin = {
  username: 'admin',
  password: 'telehealth-local-admin',
  email: 'admin@telehealth.local',
} as const;

export const defaultDataDir = path.join(repoRoot, '.data');
export const webDistDir = path.join(repoRoot, 'web', 'dist');
