import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  contentSecurityPolicy,
  hstsMaxAgeSeconds,
  permissionsPolicy,
  referrerPolicy,
  singleOriginPaymentSources,
} from '../shared/src/http/site-headers';
import {
  CASE_EXPIRY_FUNCTION,
  WAIT_PROMISE_FUNCTION,
  QUEUE_FAN_OUT_FUNCTION,
  CLAIM_RELEASE_FUNCTION,
  SETTLEMENT_FUNCTION,
  MEETING_END_FUNCTION,
  scheduledTargets,
} from '#routes';
import type { RegionSetting } from '@shared/triage/types';
import { MEDIA_GAP_GRACE_SECONDS } from '@shared/meetings/dropped-call';
import {
  DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
  DEFAULT_WAIT_PROMISE_MINUTES,
} from '@shared/payments/money';
import { envNames, reloadEnv } from '#core/env';
import { defaultAdmin, defaultPorts, localResources, webDistDir, type StackPorts } from './config';
import { deleteTable, ensureTable, startDynamoDbLocal } from './dynamodb';
import type { AdmissionLimits } from './gateway/admission';
import { startGateway } from './gateway/server';
import { functionNameOf } from '../functions/src/scheduled-runs';
import { invoke } from './gateway/lambda-runtime';
import { LocalScheduler } from './gateway/scheduler';
import { LocalAsyncInvoker } from './gateway/async-invoke';
import { LocalFailedRunsQueue } from './gateway/failed-runs-queue';
import { handleLambdaApi } from './gateway/lambda-api';
import type { LocalAwsApi } from './gateway/server';
import { handleSqsApi } from './gateway/sqs-api';
import { startLocalMailbox } from './mailbox';
import { assertPortFree, freePort } from './ports';
import { startLocalS3 } from './s3';
import { seedAdmin, seedDemoApplication } from './seed';
import { createLocalStripe } from './stripe/server';
import { Supervisor, type ServiceHandle, type ServiceName } from './supervisor';

export interface StackOptions {
  dataDir: string;
  /** Fixed ports (checked free first); a missing entry gets a free port from the OS. */
  ports?: Partial<StackPorts>;
  web?: 'dist' | 'dev';
  reset?: boolean;
  admin?: { username: string; password: string; email?: string };
  seedDemo?: boolean;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Raises every API rate limit (tests and benchmarks send everything from 127.0.0.1). */
  rateLimitMultiplier?: number;
  /** How long a provider's claim holds a case before the meeting starts (default 600 s). */
  claimLeaseSeconds?: number;
  /** How long after a claim lapsed its provider waits to claim that case again (default: the lease). */
  claimCooldownSeconds?: number;
  /** Live claims one provider may hold at once (default 1; test stacks claim many with one). */
  maxActiveClaims?: number;
  /** Each WebSocket connection's message budget (default 5 frames a second, bursts of 60). */
  frameBudget?: { perSecond: number; burst: number };
  /** How long a consultation lasts from the doctor's start (default 900 s). */
  meetingDurationSeconds?: number;
  /** Lost media a call may have in all before its end moves (default 60 s; docs/adr/0019). */
  mediaGapGraceSeconds?: number;
  /** How long after the start the doctor's room must be entered (default 180 s; docs/adr/0023). */
  providerJoinGraceSeconds?: number;
  /** A TURN server with a shared secret (coturn `--use-auth-secret`); none by default. */
  turn?: { urls: string[]; secret: string };
  /**
   * Test networks only (e2e/network): an address of this network namespace where the gateway
   * listens as well (e.g. 203.0.113.10 on `lo`), for browsers in other namespaces. `appUrl`,
   * the links the handlers write and the first allowed origin then name it.
   */
  publicHost?: string;
  /** `relay`: the rooms use relayed candidates only (default `all`). */
  iceTransportPolicy?: 'all' | 'relay';
  /** The symptom analyser's region (`TRIAGE_REGION`; default `default`, no regional rule). */
  triageRegion?: RegionSetting;
  /** How long a paid case waits for its meeting before it expires and is refunded (default 86400 s). */
  caseExpirySeconds?: number;
  /** `WAIT_PROMISE_MINUTES` (default 30; a decimal for tests). */
  waitPromiseMinutes?: number;
  /** `CAPTURE_AFTER_CONNECTED_SECONDS` (default 60). */
  captureAfterConnectedSeconds?: number;
  /**
   * The Stripe stand-in's authorization validity: an uncaptured payment is cancelled by
   * "Stripe" this long after checkout (`LOCAL_STRIPE_AUTHORIZATION_SECONDS`; default 7 days).
   */
  stripeAuthorizationSeconds?: number;
  /** The secret origin header the gateway adds like CloudFront (default: a fixed local value). */
  originVerifySecret?: string;
  /**
   * How long the gateway keeps the origin authorizer's answer per header value, as API Gateway
   * does (default 300 s; a test that walks a rotation sets 0 to see each change at once).
   */
  authorizerCacheSeconds?: number;
  /**
   * The origin-verify value before a rotation, accepted as well (Secrets Manager's
   * `AWSPREVIOUS` in the cloud; docs/deployment.md). Default: none.
   */
  originVerifyPreviousSecret?: string;
  /**
   * Test only: the share (0 to 1) of the handlers' DynamoDB, S3, SES and Stripe calls that fail
   * on purpose (functions/src/core/faults.ts), from after the seeding on. Default 0.
   */
  faultRate?: number;
  /**
   * Test only: scrypt's cost for new password hashes as its power of two, below production's
   * 17 (functions/src/lib/auth/passwords.ts). Default: production's.
   */
  passwordHashLogN?: number;
  /**
   * Waits before the retries of a scheduled run that threw (default Lambda's, about 1 and 2
   * minutes; local/gateway/async-invoke.ts). Tests shorten them.
   */
  scheduledRunRetryDelaysMs?: readonly number[];
  /** Load shedding of the gateway's API invocations (local/gateway/admission.ts). */
  admission?: AdmissionLimits;
  /** DynamoDB Local's `nice` (local/dynamodb.ts; default DEFAULT_DYNAMODB_LOCAL_NICE). */
  dynamodbNice?: number;
  /**
   * A DynamoDB Local that runs already (another stack's) and a table of this stack's own in it,
   * instead of a Java process of its own: what a test file's own stack uses
   * (local/testing/own-stack.ts). The table is made at the start and deleted at the stop; the
   * watcher has no `dynamodb` service to pause or restart then.
   */
  sharedDynamoDb?: { endpoint: string; tableName: string };
  /**
   * A service died again right after its restart (or could not be restarted): everything has
   * been stopped, and this is told why (`npm start` prints it and exits non-zero).
   */
  onFatal?: (message: string) => void;
  log?: (message: string) => void;
}

/** The watched services of a running stack, for tests of what a missing one does. */
export interface StackServices {
  /** The running service's handle (DynamoDB Local's has the Java process's pid). */
  handle(name: ServiceName): ServiceHandle | null;
  /** Stops a service on purpose: the watcher does not restart it. */
  pause(name: ServiceName): Promise<void>;
  resume(name: ServiceName): Promise<void>;
}

export interface RunningStack {
  appUrl: string;
  /** The APIs without the CloudFront stand-in in front (API Gateway's own address). */
  executeApiUrl: string;
  mailboxUrl: string;
  stripeUrl: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  ports: StackPorts;
  /** The environment the handlers run with (tests apply it to call table code directly). */
  handlerEnvironment: Record<string, string>;
  admin: { username: string; password: string };
  services: StackServices;
  /** Settles once the stack has stopped, asked to or given up by the watcher. */
  stopped: Promise<void>;
  stop(): Promise<void>;
}

/** Local only, like the room-token key: the cloud value is generated into Secrets Manager. */
const LOCAL_ORIGIN_VERIFY_SECRET = 'local-origin-verify-secret-not-for-production';

async function resolvePorts(requested: Partial<StackPorts> = {}): Promise<StackPorts> {
  const ports = {} as StackPorts;
  for (const service of Object.keys(defaultPorts) as (keyof StackPorts)[]) {
    const fixed = requested[service];
    if (fixed) {
      await assertPortFree(service, fixed);
      ports[service] = fixed;
    } else {
      ports[service] = await freePort();
    }
  }
  return ports;
}

/**
 * Points the handlers (which run in this process, as the local gateway invokes them) at the
 * local services. Only endpoints and names differ from the cloud; the code is the same.
 */
function configureHandlerEnvironment(
  ports: StackPorts,
  options: StackOptions,
): Record<string, string> {
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const environment: Record<string, string> = {
    AWS_REGION: localResources.region,
    AWS_ACCESS_KEY_ID: localResources.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localResources.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: options.sharedDynamoDb?.endpoint ?? local(ports.dynamodb),
    AWS_ENDPOINT_URL_S3: local(ports.s3),
    AWS_ENDPOINT_URL_SES: local(ports.mailbox),
    AWS_ENDPOINT_URL_SESV2: local(ports.mailbox),
    AWS_ENDPOINT_URL_SCHEDULER: local(ports.app),
    // The queue's fan-out worker is started through Lambda's Invoke (local/gateway/lambda-api.ts).
    AWS_ENDPOINT_URL_LAMBDA: local(ports.app),
    [envNames.tableName]: options.sharedDynamoDb?.tableName ?? localResources.tableName,
    [envNames.uploadsBucket]: localResources.uploadsBucket,
    // The first origin is the app's base URL in links (join links, emails): the public one.
    [envNames.appOrigin]: [
      ...(options.publicHost ? [`http://${options.publicHost}:${ports.app}`] : []),
      `http://localhost:${ports.app}`,
      `http://127.0.0.1:${ports.app}`,
    ].join(','),
    [envNames.webSocketManagementEndpoint]: local(ports.app),
    [envNames.logLevel]: options.logLevel ?? 'info',
    [envNames.rateLimitMultiplier]: String(options.rateLimitMultiplier ?? 1),
    [envNames.claimLeaseSeconds]: String(options.claimLeaseSeconds ?? 600),
    [envNames.claimCooldownSeconds]: String(
      options.claimCooldownSeconds ?? options.claimLeaseSeconds ?? 600,
    ),
    [envNames.maxActiveClaims]: String(options.maxActiveClaims ?? 1),
    [envNames.wsFramesPerSecond]: String(options.frameBudget?.perSecond ?? 5),
    [envNames.wsFrameBurst]: String(options.frameBudget?.burst ?? 60),
    [envNames.meetingDurationSeconds]: String(options.meetingDurationSeconds ?? 900),
    [envNames.providerJoinGraceSeconds]: String(options.providerJoinGraceSeconds ?? 180),
    [envNames.mediaGapGraceSeconds]: String(
      options.mediaGapGraceSeconds ?? MEDIA_GAP_GRACE_SECONDS,
    ),
    // Empty values read as unset: a stack without TURN gives the rooms no ICE servers.
    [envNames.turnUrls]: options.turn?.urls.join(',') ?? '',
    [envNames.turnSecret]: options.turn?.secret ?? '',
    [envNames.iceTransportPolicy]: options.iceTransportPolicy ?? 'all',
    [envNames.triageRegion]: options.triageRegion ?? 'default',
    // The local scheduler accepts any group and role; the target's function name is looked up
    // in `scheduledTargets`.
    [envNames.scheduleGroup]: 'telehealth-local',
    [envNames.schedulerRoleArn]: 'arn:aws:iam::000000000000:role/telehealth-local-scheduler',
    [envNames.claimReleaseTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${CLAIM_RELEASE_FUNCTION}`,
    [envNames.meetingEndTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${MEETING_END_FUNCTION}`,
    [envNames.caseExpirySeconds]: String(options.caseExpirySeconds ?? 86_400),
    [envNames.waitPromiseMinutes]: String(
      options.waitPromiseMinutes ?? DEFAULT_WAIT_PROMISE_MINUTES,
    ),
    [envNames.captureAfterConnectedSeconds]: String(
      options.captureAfterConnectedSeconds ?? DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
    ),
    [envNames.caseExpiryTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${CASE_EXPIRY_FUNCTION}`,
    [envNames.settlementTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${SETTLEMENT_FUNCTION}`,
    [envNames.waitPromiseTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${WAIT_PROMISE_FUNCTION}`,
    [envNames.queueFanOutTargetArn]: `arn:aws:lambda:${localResources.region}:000000000000:function:${QUEUE_FAN_OUT_FUNCTION}`,
    // Faults start after the seeding (startStack); set here, a stale value would leak in.
    [envNames.faultRate]: '0',
    // Empty reads as unset: production's cost.
    [envNames.passwordHashLogN]: options.passwordHashLogN?.toString() ?? '',
    STRIPE_SECRET_KEY: localResources.stripeSecretKey,
    STRIPE_PUBLISHABLE_KEY: localResources.stripePublishableKey,
    STRIPE_WEBHOOK_SECRET: localResources.stripeWebhookSecret,
    STRIPE_API_URL: local(ports.stripe),
    STRIPE_JS_URL: `${local(ports.stripe)}/v3/stripe.js`,
    // Local only: a fixed key so room links survive restarts; the cloud key is a secret.
    ROOM_TOKEN_SECRET: 'local-room-token-secret-not-for-production',
    // The gateway adds it like CloudFront; the authorizer and the handlers accept it (and the
    // previous value, during a rotation), so they trust its viewer address.
    [envNames.originVerifySecret]: options.originVerifySecret ?? LOCAL_ORIGIN_VERIFY_SECRET,
    [envNames.originVerifyPreviousSecret]: options.originVerifyPreviousSecret ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    SUPPORT_EMAIL: 'support@telehealth.local',
    SES_FROM: localResources.sesFrom,
    // Lambda runs Node 22; this machine's Node 20 would make the SDK print a notice per process.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  Object.assign(process.env, environment);
  reloadEnv();
  return environment;
}

/**
 * Starts DynamoDB Local, s3rver, the mailbox, the Stripe stand-in and the gateway, each watched
 * (local/supervisor.ts): one that dies is restarted on its port with its data; one that dies
 * again at once stops the whole stack and `onFatal` says why.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  const ports = await resolvePorts(options.ports);
  const handlerEnvironment = configureHandlerEnvironment(ports, options);

  let markStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const stoppers: (() => Promise<void>)[] = [];
  /** What is undone once every service is down (a shared DynamoDB Local's table of this stack). */
  const afterStop: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  let fatalMessage: string | undefined;
  const stop = () => {
    stopping ??= (async () => {
      for (const stopOne of stoppers.reverse()) await stopOne().catch(() => undefined);
      await supervisor.stopAll();
      for (const undo of afterStop) await undo().catch(() => undefined);
      // Told only once everything is down, so whoever hears it finds nothing half-alive.
      if (fatalMessage) (options.onFatal ?? log)(fatalMessage);
      markStopped();
    })();
    return stopping;
  };
  const supervisor = new Supervisor({
    log,
    onGiveUp: (message) => {
      fatalMessage = message;
      void stop();
    },
  });
  const dataIn = (name: string) => path.join(options.dataDir, name);

  try {
    const { sharedDynamoDb } = options;
    if (sharedDynamoDb) {
      await ensureTable(sharedDynamoDb.endpoint, sharedDynamoDb.tableName);
      // Once the gateway is down too: a socket's `$disconnect` still reads the table.
      afterStop.push(() => deleteTable(sharedDynamoDb.endpoint, sharedDynamoDb.tableName));
    } else {
      await supervisor.start('dynamodb', {
        title: 'DynamoDB Local',
        keeps: `port ${ports.dynamodb}, data in ${dataIn('dynamodb')}`,
        start: async () => {
          const started = await startDynamoDbLocal({
            port: ports.dynamodb,
            dataDir: dataIn('dynamodb'),
            ...(options.dynamodbNice !== undefined ? { nice: options.dynamodbNice } : {}),
          });
          await ensureTable(started.endpoint, localResources.tableName);
          return started;
        },
      });
    }
    const dynamodbEndpoint = sharedDynamoDb?.endpoint ?? `http://127.0.0.1:${ports.dynamodb}`;

    await supervisor.start('s3', {
      title: 's3rver (S3)',
      keeps: `port ${ports.s3}, data in ${dataIn('s3')}`,
      start: () =>
        startLocalS3({
          port: ports.s3,
          dataDir: dataIn('s3'),
          bucket: localResources.uploadsBucket,
        }),
    });
    const s3Endpoint = `http://127.0.0.1:${ports.s3}`;

    await supervisor.start('mailbox', {
      title: 'The mailbox (SES)',
      keeps: `port ${ports.mailbox}; mail is kept in memory and starts empty`,
      start: () => startLocalMailbox({ port: ports.mailbox }),
    });
    const mailboxUrl = `http://127.0.0.1:${ports.mailbox}`;

    await supervisor.start('stripe', {
      title: 'The Stripe stand-in',
      keeps: `port ${ports.stripe}, data in ${dataIn('stripe.json')}`,
      start: async () => {
        const stripe = await createLocalStripe({
          port: ports.stripe,
          host: '127.0.0.1',
          dataFile: dataIn('stripe.json'),
          webhookUrl: `http://127.0.0.1:${ports.app}/api/stripe/webhook`,
          webhookSecret: localResources.stripeWebhookSecret,
          publicBaseUrl: `http://127.0.0.1:${ports.stripe}`,
          ...(options.stripeAuthorizationSeconds
            ? { authorizationValiditySeconds: options.stripeAuthorizationSeconds }
            : {}),
        });
        return { ended: stripe.ended, stop: () => stripe.close() };
      },
    });
    const stripeUrl = `http://127.0.0.1:${ports.stripe}`;

    // Scheduler invokes its targets asynchronously: Lambda retries a run that throws, then
    // keeps it in the failed-runs queue, which `npm run dead-letters -- --local` replays.
    const runTarget = async (functionName: string, payload: unknown) => {
      const handler = scheduledTargets[functionName];
      if (!handler) throw new Error(`No scheduled target named ${functionName}`);
      return invoke(handler, payload);
    };
    const failedRuns = new LocalFailedRunsQueue(dataIn('failed-runs'));
    const asyncInvoker = new LocalAsyncInvoker(runTarget, {
      queue: failedRuns,
      ...(options.scheduledRunRetryDelaysMs
        ? { retryDelaysMs: options.scheduledRunRetryDelaysMs }
        : {}),
      log,
    });
    stoppers.push(() => Promise.resolve(asyncInvoker.stop()));
    const scheduler = new LocalScheduler(
      dataIn('scheduler'),
      async (targetArn, input) => {
        const functionName = functionNameOf(targetArn);
        // Like Scheduler: a target that does not exist is a delivery failure, not a run.
        if (!scheduledTargets[functionName]) throw new Error(`No function ${functionName}`);
        await asyncInvoker.invoke(functionName, input);
      },
      (schedule) => log(`Scheduled target of ${schedule.name} could not be invoked`),
    );
    stoppers.push(() => Promise.resolve(scheduler.stop()));
    const failedRunsQueueName = localResources.failedRunsQueue;
    const awsApis: LocalAwsApi[] = [
      (req, res, url, body) =>
        handleLambdaApi(
          {
            functionNames: new Set(Object.keys(scheduledTargets)),
            run: runTarget,
            async: asyncInvoker,
          },
          req,
          res,
          url,
          body,
        ),
      (req, res, _url, body) =>
        handleSqsApi(
          {
            queue: failedRuns,
            queueName: failedRunsQueueName,
            queueUrl: `http://localhost:${ports.app}/000000000000/${failedRunsQueueName}`,
          },
          req,
          res,
          body,
        ),
    ];

    const csp = contentSecurityPolicy({
      payment: singleOriginPaymentSources(stripeUrl),
      uploadsOrigin: s3Endpoint,
    });
    let appUrl = '';
    let executeApiUrl = '';
    await supervisor.start('gateway', {
      title: 'The gateway (app and API)',
      keeps: `port ${ports.app}`,
      start: async () => {
        const gateway = await startGateway({
          port: ports.app,
          ...(options.publicHost ? { publicHost: options.publicHost } : {}),
          web: options.web === 'dev' ? { mode: 'dev' } : { mode: 'dist', root: webDistDir },
          siteHeaders: {
            'content-security-policy': csp,
            'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
            'x-content-type-options': 'nosniff',
            'x-frame-options': 'DENY',
            'referrer-policy': referrerPolicy,
            'permissions-policy': permissionsPolicy,
          },
          scheduler,
          awsApis,
          originVerifySecret: handlerEnvironment[envNames.originVerifySecret]!,
          ...(options.authorizerCacheSeconds !== undefined
            ? { authorizerCacheSeconds: options.authorizerCacheSeconds }
            : {}),
          ...(options.admission ? { admission: options.admission } : {}),
          log,
        });
        appUrl = gateway.url;
        executeApiUrl = gateway.executeApiUrl;
        return { ended: gateway.ended, stop: () => gateway.close() };
      },
    });

    const admin = {
      username: options.admin?.username ?? defaultAdmin.username,
      password: options.admin?.password ?? defaultAdmin.password,
    };
    await seedAdmin({ ...admin, email: options.admin?.email ?? defaultAdmin.email });
    if (options.seedDemo) await seedDemoApplication();
    if (options.faultRate) {
      handlerEnvironment[envNames.faultRate] = String(options.faultRate);
      process.env[envNames.faultRate] = String(options.faultRate);
      reloadEnv();
    }

    return {
      appUrl,
      executeApiUrl,
      mailboxUrl,
      stripeUrl,
      dynamodbEndpoint,
      s3Endpoint,
      ports,
      handlerEnvironment,
      admin,
      services: {
        handle: (name) => supervisor.handle(name),
        pause: (name) => supervisor.pause(name),
        resume: (name) => supervisor.resume(name),
      },
      stopped,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
