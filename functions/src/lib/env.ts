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
  /** Raises every rate limit (test and benchmark stacks); 1 in the cloud. */
  rateLimitMultiplier: 'RATE_LIMIT_MULTIPLIER',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Unset in the cloud (Stripe itself); the local stand-in's base URL locally. */
  stripeApiUrl: 'STRIPE_API_URL',
  /** Where the browser loads Stripe.js from. */
  stripeJsUrl: 'STRIPE_JS_URL',
  /** HMAC key of the signed room links (DESIGN.md §7). */
  roomTokenSecret: 'ROOM_TOKEN_SECRET',
  supportEmail: 'SUPPORT_EMAIL',
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
  get stripeSecretKey() {
    return required(envNames.stripeSecretKey);
  },
  get stripePublishableKey() {
    return required(envNames.stripePublishableKey);
  },
  get stripeWebhookSecret() {
    return required(envNames.stripeWebhookSecret);
  },
  get stripeApiUrl(): string | undefined {
    return process.env[envNames.stripeApiUrl] || undefined;
  },
  get stripeJsUrl() {
    return process.env[envNames.stripeJsUrl] || 'https://js.stripe.com/v3/';
  },
  get roomTokenSecret() {
    return required(envNames.roomTokenSecret);
  },
  get supportEmail() {
    return process.env[envNames.supportEmail] || 'support@telehealth.example';
  },
  /** The public base URL of the app: the first configured origin. */
  get appBaseUrl() {
    const origin = this.appOrigins[0];
    if (!origin) throw new Error(`Missing environment variable ${envNames.appOrigin}`);
    return origin;
  },
  get rateLimitMultiplier() {
    return positiveInt(envNames.rateLimitMultiplier, 1);
  },
};
