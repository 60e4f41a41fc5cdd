import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { envNames } from '#core/env';
import {
  CASE_EXPIRY_FUNCTION,
  WAIT_PROMISE_FUNCTION,
  CLAIM_RELEASE_FUNCTION,
  QUEUE_FAN_OUT_FUNCTION,
  SETTLEMENT_FUNCTION,
  createCase,
  createCheckoutSession,
  createPatient,
  getCaseStatus,
  getClientConfig,
  joinRoom,
  manualPaymentComplete,
  MEETING_END_FUNCTION,
  scheduledTargets,
  startMeetingTimer,
  stripeWebhook,
  testPaymentComplete,
} from '#routes';
import { AppSecrets, originVerifyVersionOf } from './app-secrets';

/**
 * The handlers that read `WAIT_PROMISE_MINUTES` (docs/adr/0025): the four that reach
 * `markCasePaid` (it schedules the promise's end), the status answer and the client config.
 */
export const waitPromiseReaders: readonly string[] = [
  stripeWebhook.handler,
  manualPaymentComplete.handler,
  testPaymentComplete.handler,
  createCheckoutSession.handler,
  getCaseStatus.handler,
  getClientConfig.handler,
];
import { DataBackup } from './backup';
import { DataTable } from './data-table';
import { HandlerFunctions, handlerFunctionName, manifestHandlers } from './handler-functions';
import { grantDeclaredPermissions, sesIdentityArn } from './handler-permissions';
import { samLocalEnvironment } from './sam-local';
import { HttpApi } from './http-api';
import { LogBucket } from './log-bucket';
import { LogGroups } from './log-groups';
import { Monitoring } from './monitoring';
import { acknowledge, nagRef } from './nag';
import { Scheduler } from './scheduler';
import { Site, webSocketPath } from './site';
import { stageConfigOf, type StageConfig } from './stage-config';
import { UploadsBucket, uploadsBucketOrigin } from './uploads-bucket';
import { VideoSignaling } from './video-signaling';
import { WebAclLookup } from './web-acl-lookup';
import { WebSocketApi } from './websocket-api';

/** A function's ARN from its name, in this stack's account and region. */
function functionArn(functionName: string): string {
  return `arn:${Aws.PARTITION}:lambda:${Aws.REGION}:${Aws.ACCOUNT_ID}:function:${functionName}`;
}

export interface TelehealthStackProps extends StackProps {
  readonly stage: string;
}

export function stackName(stage: string): string {
  return `Telehealth-${stage}`;
}

/**
 * One stage of the product (DESIGN.md §2): CloudFront in front of the site bucket, the HTTP API
 * and the WebSocket API; Lambda handlers from the route manifest; one DynamoDB table; the uploads
 * bucket; the Scheduler group for meeting ends.
 */
export class TelehealthStack extends Stack {
  readonly config: StageConfig;
  readonly table: DataTable;
  readonly uploads: UploadsBucket;
  readonly site: Site;
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly scheduler: Scheduler;
  readonly videoSignaling: VideoSignaling;
  readonly functions: HandlerFunctions;

  constructor(scope: Construct, id: string, props: TelehealthStackProps) {
    super(scope, id, {
      description: `Telehealth service, stage ${props.stage}`,
      ...props,
    });
    const config = stageConfigOf(this, props.stage);
    this.config = config;

    const logGroups = new LogGroups(this, 'LogGroups', { config });
    const accessLogs = new LogBucket(this, 'AccessLogs', { config });
    this.table = new DataTable(this, 'Data', { config });
    this.scheduler = new Scheduler(this, 'Scheduler', { config });
    this.videoSignaling = new VideoSignaling(this, 'VideoSignaling', { config });

    // The APIs first (without routes): CloudFront needs their domains, the handlers need
    // CloudFront's domain (APP_ORIGIN), and the routes need the handlers.
    this.httpApi = new HttpApi(this, 'HttpApi', { config, logGroups });
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', { config, logGroups });

    const uploadsOrigin = uploadsBucketOrigin(config.stage);
    const secrets = new AppSecrets(this, 'AppSecrets', {
      config,
      originVerifyVersion: originVerifyVersionOf(this),
    });
    this.site = new Site(this, 'Site', {
      config,
      accessLogsBucket: accessLogs.bucket,
      httpApiDomain: this.httpApi.domainName,
      webSocketDomain: this.webSocketApi.domainName,
      webSocketStagePath: this.webSocketApi.stagePath,
      uploadsOrigin,
      originVerifySecret: secrets.originVerifyValue,
    });
    // The edge stack's WAF web ACL (us-east-1) in front of everything CloudFront serves.
    this.site.distribution.attachWebAclId(
      new WebAclLookup(this, 'WebAcl', { stage: config.stage, logGroups }).webAclArn,
    );
    this.uploads = new UploadsBucket(this, 'Uploads', {
      config,
      appOrigin: this.site.appOrigin,
      accessLogsBucket: accessLogs.bucket,
    });

    const queueFanOutFunctionArn = functionArn(
      handlerFunctionName(config.stage, scheduledTargets[QUEUE_FAN_OUT_FUNCTION]!),
    );
    this.functions = new HandlerFunctions(this, 'Handlers', {
      config,
      logGroups,
      environment: {
        [envNames.tableName]: this.table.table.tableName,
        [envNames.uploadsBucket]: this.uploads.bucket.bucketName,
        [envNames.appOrigin]: this.site.appOrigin,
        [envNames.logLevel]: config.logLevel,
        [envNames.webSocketManagementEndpoint]: this.webSocketApi.managementEndpoint,
        [envNames.scheduleGroup]: this.scheduler.groupName,
        [envNames.schedulerRoleArn]: this.scheduler.invokeRole.roleArn,
        // Built from the name, not the function's ARN attribute: every function gets this
        // environment, the release function included, and must not depend on itself.
        [envNames.claimReleaseTargetArn]: functionArn(
          handlerFunctionName(config.stage, scheduledTargets[CLAIM_RELEASE_FUNCTION]!),
        ),
        // Every function that captures or voids a payment may schedule its retry (ADR 0024).
        [envNames.settlementTargetArn]: functionArn(
          handlerFunctionName(config.stage, scheduledTargets[SETTLEMENT_FUNCTION]!),
        ),
        // Every function that pushes a case change may start the queue's fan-out (ADR 0028).
        [envNames.queueFanOutTargetArn]: queueFanOutFunctionArn,
        // Publishable: it is meant to be seen by browsers. Set per stage with -c.
        [envNames.stripePublishableKey]: config.stripePublishableKey,
        [envNames.supportEmail]: config.supportEmail,
        SES_FROM: config.sesFrom,
        // Only with `-c samLocal=true` (npm run synth): see sam-local.ts.
        ...samLocalEnvironment(this),
      },
    });
    // Each function gets only what its handler declares (functions/src/handler-permissions.ts).
    grantDeclaredPermissions(this.functions, manifestHandlers(), {
      table: this.table.table,
      uploads: this.uploads.bucket,
      secrets,
      webSocketApi: this.webSocketApi,
      scheduler: this.scheduler,
      videoSignaling: this.videoSignaling,
      sesIdentityArn: sesIdentityArn(this, config.sesFrom),
      queueFanOutFunctionArn,
    });
    this.wireSchedules();
    this.wireRoomSessions();
    this.wireTriageRegion();
    this.wireWaitPromise();

    this.httpApi.addManifestRoutes(this.functions);
    this.webSocketApi.addManifestRoutes(this.functions);

    // Operations (issue 11 item 4): alarms and dashboard; AWS Backup of the table and the
    // uploads, with failed jobs reported to the alarm topic, except on dev.
    const monitoring = new Monitoring(this, 'Monitoring', {
      config,
      httpApi: this.httpApi,
      webSocketApi: this.webSocketApi,
      functions: this.functions,
      table: this.table.table,
      schedulerDeadLetterQueue: this.scheduler.deadLetterQueue,
      failedRunsQueue: this.scheduler.failedRunsQueue,
    });
    if (!config.isDev) {
      new DataBackup(this, 'Backup', {
        config,
        table: this.table.table,
        uploads: this.uploads.bucket,
        failureTarget: monitoring.eventTarget(),
      });
    }

    this.acknowledgeStackWide();
    this.addOutputs();
  }

  /**
   * The one-time schedules (DESIGN.md §5, §7): who may create or delete them comes from the
   * declarations (`grantDeclaredPermissions`: `schedules`). Here each creator learns the target
   * it schedules: each payment handler (they all reach `markCasePaid`) the expiry of the case,
   * `start-timer` the end of the meeting (a claim's release target every function has). Scheduler
   * may invoke every function of `scheduledTargets`, and a run of one that fails every retry is
   * kept in the failed-runs queue.
   */
  private wireSchedules(): void {
    const fn = (handler: string) => this.functions.forHandler(handler);
    const targetArn = (handler: string) =>
      functionArn(handlerFunctionName(this.config.stage, handler));
    const targets: { handlers: string[]; target: [string, string] }[] = [
      {
        handlers: [
          stripeWebhook.handler,
          manualPaymentComplete.handler,
          testPaymentComplete.handler,
          createCheckoutSession.handler,
        ],
        target: [envNames.caseExpiryTargetArn, targetArn(scheduledTargets[CASE_EXPIRY_FUNCTION]!)],
      },
      {
        // The same four schedule each authorization's wait promise (docs/adr/0025).
        handlers: [
          stripeWebhook.handler,
          manualPaymentComplete.handler,
          testPaymentComplete.handler,
          createCheckoutSession.handler,
        ],
        target: [
          envNames.waitPromiseTargetArn,
          targetArn(scheduledTargets[WAIT_PROMISE_FUNCTION]!),
        ],
      },
      {
        handlers: [startMeetingTimer.handler],
        target: [envNames.meetingEndTargetArn, targetArn(scheduledTargets[MEETING_END_FUNCTION]!)],
      },
    ];
    for (const { handlers, target } of targets) {
      for (const handler of handlers) fn(handler).addEnvironment(...target);
    }
    for (const handler of new Set(Object.values(scheduledTargets))) {
      this.scheduler.allowInvoke(fn(handler));
      this.scheduler.keepFailedRuns(fn(handler));
      const target = fn(handler).node.defaultChild as Parameters<typeof nagRef>[0];
      acknowledge(
        this.scheduler,
        `AwsSolutions-IAM5[Resource::${nagRef(target, 'Arn')}:*]`,
        'Lambda’s grantInvoke adds the function’s versions and aliases (`:*`); the role may ' +
          'invoke only the functions of scheduledTargets, and only schedules of this group ' +
          'can assume it.',
      );
    }
  }

  /**
   * The room session (`meetings/join-room`) hands out ICE servers (DESIGN.md §7): TURN
   * credentials of the stage's pool of Kinesis Video signaling channels (granted by its
   * declaration, `iceServers`; the pool's name prefix and size, not a hundred ARNs, so the
   * variables stay far below Lambda's 4 KB), and the stage's transport policy.
   */
  private wireRoomSessions(): void {
    const roomSession = this.functions.forHandler(joinRoom.handler);
    const { pool } = this.videoSignaling;
    roomSession.addEnvironment(envNames.kvsChannelPrefix, pool.namePrefix);
    roomSession.addEnvironment(envNames.kvsChannelCount, String(pool.size));
    roomSession.addEnvironment(envNames.iceTransportPolicy, this.config.iceTransportPolicy);
  }

  /**
   * The triage analyser's region (spec doc 1 §9, `-c triageRegion=`): the handlers that create
   * a case compute its priority with it, and `GET /api/config` gives it to the browser's
   * analyser and the admin panel. The other handlers never read it.
   */
  private wireTriageRegion(): void {
    for (const handler of [createCase.handler, createPatient.handler, getClientConfig.handler]) {
      this.functions
        .forHandler(handler)
        .addEnvironment(envNames.triageRegion, this.config.triageRegion);
    }
  }

  /**
   * The wait promise's minutes (issue 28 item 3, `-c waitPromiseMinutes=`): the payment handlers
   * (they all reach `markCasePaid`, which schedules the promise's end), the status answer that
   * tells it, and `GET /api/config`, which gives it to the pages before paying.
   */
  private wireWaitPromise(): void {
    for (const handler of waitPromiseReaders) {
      this.functions
        .forHandler(handler)
        .addEnvironment(envNames.waitPromiseMinutes, String(this.config.waitPromiseMinutes));
    }
  }

  private acknowledgeStackWide(): void {
    acknowledge(
      this,
      'HIPAA.Security-IAMNoInlinePolicy',
      'Every role here belongs to exactly one function or service, and its policy is generated ' +
        'from explicit grants to that role alone: a strict one-to-one relationship, which is ' +
        'what inline policies are for. Nothing shares or reuses these permissions.',
    );
    acknowledge(
      this.functions,
      ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'],
      'DESIGN.md §9 pins nodejs22.x for the handlers (the version the local stack and tests ' +
        'target); moving to a newer runtime is a deliberate upgrade.',
    );
    acknowledge(
      this.functions,
      'HIPAA.Security-LambdaInsideVPC',
      'The handlers reach only AWS public service endpoints (DynamoDB, S3, SES, Scheduler, ' +
        'API Gateway) over TLS with IAM auth; there is no private resource to put a VPC around.',
    );
    acknowledge(
      this.functions,
      ['HIPAA.Security-LambdaDLQ', 'Serverless-LambdaDLQ'],
      'Only the HTTP and WebSocket handlers lack a DLQ: API Gateway invokes them synchronously ' +
        'and returns errors to the caller. The Scheduler targets (asynchronous) have an ' +
        `on-failure destination instead: 2 retries, then ${this.scheduler.failedRunsQueueName}.`,
    );
    acknowledge(
      this.functions,
      'Serverless-LambdaTracing',
      'X-Ray is off on purpose: every handler would need xray:PutTraceSegments on * and ' +
        'traces are billed per request at the polling rate (docs/capacity.md); each request ' +
        'is followed instead through its API Gateway request id, which the access logs and ' +
        'every handler log line carry.',
    );
    acknowledge(
      this.functions,
      'HIPAA.Security-LambdaConcurrency',
      'Stage throttling on both APIs bounds the request rate; reserved concurrency would take ' +
        'capacity from the account pool and fails on accounts with the default low limit.',
    );
  }

  private addOutputs(): void {
    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SiteUrl', this.site.appOrigin, 'The app (CloudFront)');
    output('ApiUrl', `${this.site.appOrigin}/api`, 'The HTTP API through CloudFront');
    output(
      'WebSocketUrl',
      `wss://${this.site.appDomain}${webSocketPath}`,
      'The WebSocket API through CloudFront',
    );
    output('HttpApiEndpoint', this.httpApi.api.apiEndpoint, 'The HTTP API origin (for debugging)');
    output('WebSocketStageUrl', this.webSocketApi.stage.url, 'The WebSocket stage origin');
    output('DistributionId', this.site.distribution.distributionId, 'For cache invalidations');
    output(
      'DistributionDomainName',
      this.site.distribution.distributionDomainName,
      'Target of the custom domain’s DNS record when Route 53 does not hold it',
    );
    output('SiteBucketName', this.site.bucket.bucketName, 'Upload web/dist here');
    output('TableName', this.table.table.tableName, 'The DynamoDB table');
    output('UploadsBucketName', this.uploads.bucket.bucketName, 'The uploads bucket');
    output('ScheduleGroupName', this.scheduler.groupName, 'EventBridge Scheduler group');
    output('SchedulerRoleArn', this.scheduler.invokeRole.roleArn, 'Role schedules run as');
  }
}
