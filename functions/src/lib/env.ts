/**
 * Runtime settings of every handler, read once per cold start. The names are the contract
 * between the code, the local stack (`local/stack.ts`) and the CDK stack (`infra/`).
 * AWS endpoints are not here: the SDK reads `AWS_ENDPOINT_URL_<SERVICE>` itself, so the same
 * code talks to DynamoDB Local or to DynamoDB without a branch.
 */
export const envNames = {
  tableName: 'TABLE_NAME',
  uploadsBucket: 'UPLOADS_BUCKET',
  appOrigin: 'APP_ORIGIN',
  logLevel: 'LOG_LEVEL',
  /** Base URL of the API Gateway Management API for the WebSocket API. */
  webSocketManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  statusLookupsPerMinute: 'STATUS_LOOKUPS_PER_MINUTE',
} as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`Environment variable ${name} must be a positive integer`);
  }
  return value;
}

export const env = {
  get tableName() {
    return required(envNames.tableName);
  },
  get uploadsBucket() {
    return required(envNames.uploadsBucket);
  },
  /** Origins allowed to make state-changing calls, e.g. `https://app.example.org`. */
  get appOrigins(): string[] {
    return (process.env[envNames.appOrigin] ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  },
  get webSocketManagementEndpoint() {
    return required(envNames.webSocketManagementEndpoint);
  },
  /** Per client and minute; 30 fits a person retyping an id, not a script guessing ids. */
  get statusLookupsPerMinute() {
    return positiveInt(envNames.statusLookupsPerMinute, 30);
  },
};
