import { MEDIA_GAP_GRACE_SECONDS } from '@shared/meetings/dropped-call';
import {
  DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
  DEFAULT_WAIT_PROMISE_MINUTES,
} from '@shared/payments/money';
import { parseRegionSetting } from '@shared/triage/regions';
import type { RegionSetting } from '@shared/triage/types';
import { checkPermission } from './permission-guard';

/**
 * Runtime settings of every handler: the one module that reads `process.env` in functions/.
 * The names are the contract between the code, the local stack (`local/stack.ts`) and the CDK
 * stack (`infra/`). AWS endpoints and credentials are not here: the SDK reads its own `AWS_*`
 * variables, so the same code talks to DynamoDB Local or to DynamoDB without a branch.
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
  /** The sender address of every email (SES). */
  sesFrom: 'SES_FROM',
  /** Secrets Manager secrets (ARNs, comma-separated) that `secrets.ts` copies in; unset locally. */
  secretsArn: 'SECRETS_ARN',
  /**
   * The value CloudFront adds as `x-origin-verify` to every API request (a secret): only a
   * request carrying it may name its client in `CloudFront-Viewer-Address`
   * (lib/http/client-address.ts).
   */
  originVerifySecret: 'ORIGIN_VERIFY_SECRET',
  /**
   * During a rotation of that secret, the value it had before (Secrets Manager's `AWSPREVIOUS`;
   * docs/deployment.md): accepted as well, so CloudFront may send either until it sends only the
   * new one. Unset outside a rotation.
   */
  originVerifyPreviousSecret: 'ORIGIN_VERIFY_PREVIOUS_SECRET',
  /** `true` for the local s3rver only (its bucket names are not DNS names). */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /** Seconds a provider's claim holds a case before the meeting must start (DESIGN.md §5). */
  claimLeaseSeconds: 'CLAIM_LEASE_SECONDS',
  /**
   * Seconds after a claim lapsed before the same provider may claim that case again (issue 25:
   * no one account hoards the queue); default one lease.
   */
  claimCooldownSeconds: 'CLAIM_COOLDOWN_SECONDS',
  /** Live claims (claimed or in a call) one provider may hold at once (default 1). */
  maxActiveClaims: 'MAX_ACTIVE_CLAIMS',
  /** Each WebSocket connection's message budget (features/realtime/frame-budget.ts). */
  wsFramesPerSecond: 'WS_FRAMES_PER_SECOND',
  wsFrameBurst: 'WS_FRAME_BURST',
  /** EventBridge Scheduler group of the one-time schedules, and the role they run as. */
  scheduleGroup: 'SCHEDULE_GROUP',
  schedulerRoleArn: 'SCHEDULER_ROLE_ARN',
  /** The function a lapsed claim's schedule invokes (`cases/release-claim`). */
  claimReleaseTargetArn: 'CLAIM_RELEASE_TARGET_ARN',
  /** Length of a consultation from the doctor's start (DESIGN.md §7; default 900). */
  meetingDurationSeconds: 'MEETING_DURATION_SECONDS',
  /** The function a meeting's end schedule invokes (`meetings/end-meeting`). */
  meetingEndTargetArn: 'MEETING_END_TARGET_ARN',
  /**
   * Seconds after the start within which the doctor's room page must enter the call, else the
   * case goes back to the queue (issue 27 item 2, docs/adr/0023; default 180).
   */
  providerJoinGraceSeconds: 'PROVIDER_JOIN_GRACE_SECONDS',
  /**
   * Seconds of lost media (both parties) a call may have in all before its end moves (issue 26,
   * docs/adr/0019-dropped-call-time.md; default `MEDIA_GAP_GRACE_SECONDS`, 60). Shorter on test
   * stacks only; the CDK stack never sets it.
   */
  mediaGapGraceSeconds: 'MEDIA_GAP_GRACE_SECONDS',
  /** SQS queue for schedule invocations that failed every retry; unset locally. */
  schedulerDlqArn: 'SCHEDULER_DLQ_ARN',
  /**
   * The pool of Kinesis Video signaling channels whose TURN servers the rooms use (cloud; unset
   * locally): the channels are `{prefix}000` … (docs/adr/0009-turn-channel-pool.md).
   */
  kvsChannelPrefix: 'KVS_CHANNEL_PREFIX',
  kvsChannelCount: 'KVS_CHANNEL_COUNT',
  /** Local/coturn TURN: comma-separated `turn:` URLs and the `static-auth-secret`. */
  turnUrls: 'TURN_URLS',
  turnSecret: 'TURN_SECRET',
  /** `all` (default) or `relay`: relay-only keeps both parties' addresses private. */
  iceTransportPolicy: 'ICE_TRANSPORT_POLICY',
  /** Seconds after payment a case nobody started expires and is refunded (DESIGN.md §5). */
  caseExpirySeconds: 'CASE_EXPIRY_SECONDS',
  /** The function a paid case's expiry schedule invokes (`cases/expire-case`). */
  caseExpiryTargetArn: 'CASE_EXPIRY_TARGET_ARN',
  /**
   * The function a failed capture or void's retry schedule invokes (`payments/settle-payment`,
   * docs/adr/0024); every function has it, like the claim release's.
   */
  settlementTargetArn: 'SETTLEMENT_TARGET_ARN',
  /**
   * Minutes after payment within which a doctor must start the consultation, else the card's
   * authorization is released (issue 28 item 3, default 30; a decimal on test stacks).
   */
  waitPromiseMinutes: 'WAIT_PROMISE_MINUTES',
  /** The function a paid case's wait promise schedule invokes (`cases/lapse-wait-promise`). */
  waitPromiseTargetArn: 'WAIT_PROMISE_TARGET_ARN',
  /**
   * The queue's fan-out worker (`realtime/fan-out-queue`, docs/adr/0028), started
   * asynchronously by a change of the queue; every function has it, like the claim release's.
   */
  queueFanOutTargetArn: 'QUEUE_FAN_OUT_TARGET_ARN',
  /**
   * Seconds both parties must be connected in the room together for the consultation to count
   * as held and its payment to be captured (issue 28 item 1, default 60).
   */
  captureAfterConnectedSeconds: 'CAPTURE_AFTER_CONNECTED_SECONDS',
  /**
   * The symptom analyser's region (spec doc 1 §9): `sub-saharan` turns on its regional rule for
   * the server's case priority and, through `GET /api/config`, the browser's analysis. Unset:
   * `default` (no regional rule).
   */
  triageRegion: 'TRIAGE_REGION',
  /**
   * Test only (issue 10's fault run): the share of DynamoDB, S3, SES and Stripe calls the local
   * stack fails on purpose, 0 to 1. Ignored inside Lambda, and the CDK stack never sets it.
   */
  faultRate: 'FAULT_RATE',
  /**
   * Test only: scrypt's cost N for new password hashes, as its power of two (10 to 17; unset:
   * 17, OWASP's, lib/auth/passwords.ts). The test stacks create hundreds of accounts, four
   * hashes each. Ignored inside Lambda; neither the CDK stack nor `npm start` sets it.
   */
  passwordHashLogN: 'PASSWORD_HASH_LOG_N',
} as const;

type EnvName = (typeof envNames)[keyof typeof envNames];

/**
 * The stage's pool of Kinesis Video signaling channels, used only for their TURN servers
 * (docs/adr/0009-turn-channel-pool.md): the channels' name prefix and their count. Declared with
 * the settings it is read from; `lib/ice/channel-pool.ts` names the channels.
 */
export interface TurnChannelPool {
  readonly namePrefix: string;
  readonly size: number;
}

export const logLevels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];

let snapshot: Partial<Record<EnvName, string>> | undefined;

/** Reads every setting above on first use, once per cold start. */
function read(name: EnvName): string | undefined {
  snapshot ??= Object.fromEntries(
    Object.values(envNames).map((envName) => [envName, process.env[envName]]),
  );
  return snapshot[name] || undefined;
}

/**
 * Reads the settings again on next use. Called by whoever changes `process.env` after a
 * handler may have read it: the secrets loader (after its cold start fetch), the local stack
 * when it configures the in-process handlers, and tests that stub a setting. Lambda itself
 * never changes its environment.
 */
export function reloadEnv(): void {
  snapshot = undefined;
}

/** The secrets `secrets.ts` fetched at cold start join the environment, as if Lambda set them. */
export function applySecretValues(values: Record<string, string>): void {
  Object.assign(process.env, values);
  reloadEnv();
}

function required(name: EnvName): string {
  const value = read(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function positiveNumber(name: EnvName, fallback: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`Environment variable ${name} must be a positive number`);
  }
  return value;
}

function positiveInt(name: EnvName, fallback: number): number {
  const raw = read(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`Environment variable ${name} must be a positive integer`);
  }
  return value;
}

/**
 * In the local stack, a handler may read only the secrets it declares: locally they sit in the
 * environment, so this stands in for Secrets Manager's refusal (`permission-guard.ts`). In
 * Lambda no guard is ever set and this does nothing.
 */
function readsSecret(secret: 'stripe' | 'room' | 'originVerify'): void {
  checkPermission({ dependency: 'Secrets Manager', command: 'ReadSecretValue', input: { secret } });
}

// Getters, so a handler that never needs a setting does not fail for lacking it.
export const env = {
  get tableName() {
    return required(envNames.tableName);
  },
  get uploadsBucket() {
    return required(envNames.uploadsBucket);
  },
  /** Origins allowed to make state-changing calls, e.g. `https://app.example.org`. */
  get appOrigins(): string[] {
    return (read(envNames.appOrigin) ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  },
  /** The public base URL of the app: the first configured origin. */
  get appBaseUrl() {
    const origin = this.appOrigins[0];
    if (!origin) throw new Error(`Missing environment variable ${envNames.appOrigin}`);
    return origin;
  },
  /** Unknown levels read as `info`. */
  get logLevel(): LogLevel {
    const level = read(envNames.logLevel);
    return logLevels.find((known) => known === level) ?? 'info';
  },
  get webSocketManagementEndpoint() {
    return required(envNames.webSocketManagementEndpoint);
  },
  get rateLimitMultiplier() {
    return positiveInt(envNames.rateLimitMultiplier, 1);
  },
  get stripeSecretKey() {
    readsSecret('stripe');
    return required(envNames.stripeSecretKey);
  },
  get stripePublishableKey() {
    return required(envNames.stripePublishableKey);
  },
  get stripeWebhookSecret() {
    readsSecret('stripe');
    return required(envNames.stripeWebhookSecret);
  },
  get stripeApiUrl(): string | undefined {
    return read(envNames.stripeApiUrl);
  },
  get stripeJsUrl() {
    return read(envNames.stripeJsUrl) ?? 'https://js.stripe.com/v3/';
  },
  get roomTokenSecret() {
    readsSecret('room');
    return required(envNames.roomTokenSecret);
  },
  get supportEmail() {
    return read(envNames.supportEmail) ?? 'support@telehealth.example';
  },
  get sesFrom() {
    return required(envNames.sesFrom);
  },
  get secretsArn(): string | undefined {
    return read(envNames.secretsArn);
  },
  /** Unset: every API request is refused (lib/http/origin-proof.ts); it never turns the check off. */
  get originVerifySecret(): string | undefined {
    readsSecret('originVerify');
    return read(envNames.originVerifySecret);
  },
  get originVerifyPreviousSecret(): string | undefined {
    readsSecret('originVerify');
    return read(envNames.originVerifyPreviousSecret);
  },
  get s3ForcePathStyle(): boolean {
    return read(envNames.s3ForcePathStyle) === 'true';
  },
  get claimLeaseSeconds() {
    return positiveInt(envNames.claimLeaseSeconds, 600);
  },
  get claimCooldownSeconds() {
    return positiveInt(envNames.claimCooldownSeconds, this.claimLeaseSeconds);
  },
  get maxActiveClaims() {
    return positiveInt(envNames.maxActiveClaims, 1);
  },
  get wsFramesPerSecond() {
    return positiveInt(envNames.wsFramesPerSecond, 5);
  },
  get wsFrameBurst() {
    return positiveInt(envNames.wsFrameBurst, 60);
  },
  get scheduleGroup() {
    return required(envNames.scheduleGroup);
  },
  get schedulerRoleArn() {
    return required(envNames.schedulerRoleArn);
  },
  get claimReleaseTargetArn() {
    return required(envNames.claimReleaseTargetArn);
  },
  get meetingDurationSeconds() {
    return positiveInt(envNames.meetingDurationSeconds, 900);
  },
  get meetingEndTargetArn() {
    return required(envNames.meetingEndTargetArn);
  },
  get providerJoinGraceSeconds() {
    return positiveInt(envNames.providerJoinGraceSeconds, 180);
  },
  get mediaGapGraceSeconds() {
    return positiveInt(envNames.mediaGapGraceSeconds, MEDIA_GAP_GRACE_SECONDS);
  },
  get schedulerDlqArn(): string | undefined {
    return read(envNames.schedulerDlqArn);
  },
  /** The TURN channel pool, or undefined without a prefix (TURN then comes from elsewhere). */
  get kvsChannelPool(): TurnChannelPool | undefined {
    const namePrefix = read(envNames.kvsChannelPrefix);
    if (!namePrefix) return undefined;
    const size = positiveInt(envNames.kvsChannelCount, 0);
    if (size === 0) {
      throw new Error(`${envNames.kvsChannelCount} must be set with ${envNames.kvsChannelPrefix}`);
    }
    return { namePrefix, size };
  },
  get turnUrls(): string[] {
    return (read(envNames.turnUrls) ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
  },
  get turnSecret(): string | undefined {
    return read(envNames.turnSecret);
  },
  /** Another value is refused: a typo must not silently turn the relay-only setting off. */
  get iceTransportPolicy(): 'all' | 'relay' {
    const raw = read(envNames.iceTransportPolicy);
    if (raw === undefined || raw === 'all' || raw === 'relay') return raw ?? 'all';
    throw new Error(`Environment variable ${envNames.iceTransportPolicy} must be all or relay`);
  },
  /** Another value is refused: a typo must not silently turn the regional rule off. */
  get triageRegion(): RegionSetting {
    return parseRegionSetting(read(envNames.triageRegion), envNames.triageRegion);
  },
  get caseExpirySeconds() {
    return positiveInt(envNames.caseExpirySeconds, 86_400);
  },
  get caseExpiryTargetArn() {
    return required(envNames.caseExpiryTargetArn);
  },
  get settlementTargetArn() {
    return required(envNames.settlementTargetArn);
  },
  get waitPromiseMinutes() {
    return positiveNumber(envNames.waitPromiseMinutes, DEFAULT_WAIT_PROMISE_MINUTES);
  },
  get waitPromiseTargetArn() {
    return required(envNames.waitPromiseTargetArn);
  },
  get queueFanOutTargetArn() {
    return required(envNames.queueFanOutTargetArn);
  },
  get captureAfterConnectedSeconds() {
    return positiveInt(
      envNames.captureAfterConnectedSeconds,
      DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
    );
  },
  /** 0 unless set locally; always 0 in Lambda (which sets AWS_LAMBDA_FUNCTION_NAME). */
  get faultRate(): number {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) return 0;
    const raw = read(envNames.faultRate);
    if (raw === undefined) return 0;
    const rate = Number(raw);
    if (!(rate >= 0 && rate <= 1)) {
      throw new Error(`Environment variable ${envNames.faultRate} must be a number from 0 to 1`);
    }
    return rate;
  },
  /** Unset (the production cost) unless set locally; always unset in Lambda. */
  get passwordHashLogN(): number | undefined {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) return undefined;
    const raw = read(envNames.passwordHashLogN);
    if (raw === undefined) return undefined;
    const logN = Number(raw);
    if (!Number.isInteger(logN) || logN < 10 || logN > 17) {
      throw new Error(
        `Environment variable ${envNames.passwordHashLogN} must be a whole number from 10 to 17`,
      );
    }
    return logN;
  },
  /** True inside Lambda: test-only code paths (fault injection) are never wired there. */
  get inLambda(): boolean {
    return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
  },
};
