import type { CfnElement, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import {
  leadingKeysPattern,
  permissionsOf,
  sessionTouch,
  type HandlerPermissions,
  type IndexPartition,
  type UploadPrefix,
} from '../../functions/src/handler-permissions';
import { envNames } from '#core/env';
import type { AppSecrets } from './app-secrets';
import { grantDataKeys } from './data-key-grants';
import type { HandlerFunctions } from './handler-functions';
import { acknowledge, nagRef } from './nag';
import type { Scheduler } from './scheduler';
import type { VideoSignaling } from './video-signaling';
import type { WebSocketApi } from './websocket-api';

/** DynamoDB actions of a declared read: no Scan (DESIGN.md §4: never on a request path). */
export const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** DynamoDB actions of a declared write; a transaction's items need the same ones. */
export const tableWriteActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
/** S3 actions of the declared upload access, by kind. */
export const uploadActions = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  delete: 's3:DeleteObject',
} as const;

export interface HandlerPermissionsProps {
  readonly table: dynamodb.ITable;
  readonly uploads: s3.IBucket;
  readonly secrets: AppSecrets;
  readonly webSocketApi: WebSocketApi;
  readonly scheduler: Scheduler;
  readonly videoSignaling: VideoSignaling;
  /** The SES identity the email senders send as. */
  readonly sesIdentityArn: string;
  /** The queue's fan-out worker (docs/adr/0028), which a change of the queue starts. */
  readonly queueFanOutFunctionArn: string;
}

/**
 * Gives each function exactly what its handler declares in `functions/src/handler-permissions.ts`
 * (issue 11 item 1), and acknowledges each remaining wildcard resource on the one role that has
 * it. Besides the grants, a function gets `SECRETS_ARN` listing only its own secrets.
 */
export function grantDeclaredPermissions(
  functions: HandlerFunctions,
  handlers: readonly string[],
  props: HandlerPermissionsProps,
): void {
  for (const handler of handlers) {
    const fn = functions.forHandler(handler);
    const permissions = permissionsOf(handler);
    grantTable(fn, permissions, props.table);
    grantUploads(fn, permissions, props.uploads);
    grantDataKeys(fn, permissions, props);
    const secretArns = props.secrets.grantRead(fn, permissions.secrets ?? []);
    if (secretArns.length > 0) fn.addEnvironment(envNames.secretsArn, secretArns.join(','));
    if (permissions.push) grantPush(fn, props.webSocketApi);
    if (permissions.schedules) grantSchedules(fn, props.scheduler);
    if (permissions.email) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [props.sesIdentityArn] }),
      );
    }
    if (permissions.iceServers) props.videoSignaling.grantIceServers(fn);
    if (permissions.fansOutQueue) {
      // The worker by its name (not its ARN attribute: the worker itself has this grant, to
      // start its successor, and must not depend on itself); no `:*`, so no version or alias.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          sid: 'StartQueueFanOut',
          actions: ['lambda:InvokeFunction'],
          resources: [props.queueFanOutFunctionArn],
        }),
      );
    }
  }
}

function grantTable(fn: lambda.Function, permissions: HandlerPermissions, table: dynamodb.ITable) {
  const { read, indexes, readFields, write, append, touchSessions } = permissions.table ?? {};
  // Each statement has its own Sid, so CDK keeps them apart (it would merge a read and a write
  // of the same partitions) and each grant is found by name. Every one names the partitions by
  // `dynamodb:LeadingKeys`, with `ForAllValues` because a request names one key per item (a
  // BatchGetItem several): DynamoDB sets it to the partition keys the request addresses, the
  // table's or, in a Query of an index, the index's (docs/security.md, "Permissions per
  // function").
  const leadingKeys = (keys: readonly string[]) => ({
    'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keys.map(leadingKeysPattern) },
  });
  if (read?.length) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'ReadItems',
        actions: tableReadActions,
        resources: [table.tableArn],
        conditions: leadingKeys(read),
      }),
    );
  }
  for (const [index, keys] of indexKeysOf(indexes ?? [])) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: `Query${index.toUpperCase()}`,
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${index}`],
        conditions: leadingKeys(keys),
      }),
    );
  }
  for (const [position, fields] of (readFields ?? []).entries()) {
    // Only the named attributes of these items: the read must project them. A read always has
    // a `Select` (`ALL_ATTRIBUTES` unless a projection makes it `SPECIFIC_ATTRIBUTES`), hence
    // `StringEquals`, not `…IfExists` (AWS, "Using IAM policy conditions for fine-grained
    // access control", example 2 and its read-only variation).
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: `ReadFields${position}`,
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [leadingKeysPattern(fields.key)] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...fields.attributes] },
          StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
        },
      }),
    );
  }
  if (write?.length) {
    // Writes address items by their primary key, so DynamoDB evaluates `LeadingKeys` for each
    // one, transaction items included.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'WriteItems',
        actions: tableWriteActions,
        resources: [table.tableArn],
        conditions: leadingKeys(write),
      }),
    );
  }
  if (append?.length) {
    // Append-only records: a Put that answers nothing back (a Put always has a `ReturnValues`,
    // `NONE` by default), so the handler can add a record but not read, change or delete one.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'AppendItems',
        actions: ['dynamodb:PutItem'],
        resources: [table.tableArn],
        conditions: {
          ...leadingKeys(append),
          StringEquals: { 'dynamodb:ReturnValues': 'NONE' },
        },
      }),
    );
  }
  if (touchSessions) {
    // The touch may set `lastSeenAt` of an existing session and nothing else: no other
    // attribute (a role, a subject), no Put or Delete, and no `ALL_OLD`/`ALL_NEW` that would
    // read the session back. An UpdateItem always has a `ReturnValues` (`NONE` by default),
    // hence `StringEquals` (same AWS page, the write-only variation of example 2).
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        sid: 'TouchSessions',
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': [leadingKeysPattern(sessionTouch.key)],
          },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...sessionTouch.attributes] },
          StringEquals: { 'dynamodb:ReturnValues': [...sessionTouch.returnValues] },
        },
      }),
    );
  }
}

/** The declared index partitions, by index. */
function indexKeysOf(indexes: readonly IndexPartition[]): Map<string, string[]> {
  const byIndex = new Map<string, string[]>();
  for (const { index, key } of indexes) byIndex.set(index, [...(byIndex.get(index) ?? []), key]);
  return byIndex;
}

function grantUploads(fn: lambda.Function, permissions: HandlerPermissions, bucket: s3.IBucket) {
  const uploads = permissions.uploads ?? {};
  const bucketRef = nagRef(bucket.node.defaultChild as CfnElement, 'Arn');
  for (const kind of ['read', 'write', 'delete'] as const) {
    const prefixes: readonly UploadPrefix[] = uploads[kind] ?? [];
    if (prefixes.length === 0) continue;
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [uploadActions[kind]],
        resources: prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    for (const prefix of prefixes) {
      acknowledge(
        fn.role!,
        `AwsSolutions-IAM5[Resource::${bucketRef}/${prefix}*]`,
        'Object keys are chosen by the server per upload (a random id under the case or ' +
          'application); the grant names one action on the one prefix this handler uses ' +
          '(functions/src/handler-permissions.ts).',
      );
    }
  }
}

function grantPush(fn: lambda.Function, webSocketApi: WebSocketApi) {
  webSocketApi.grantManageConnections(fn);
  const api = nagRef(webSocketApi.api.node.defaultChild as CfnElement);
  const stage = webSocketApi.stage.stageName;
  acknowledge(
    fn.role!,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${api}/${stage}/*/@connections/*]`,
    'Connection ids are created at runtime; only handlers that push or close connections get ' +
      'ManageConnections, on this stage of this WebSocket API.',
  );
}

function grantSchedules(fn: lambda.Function, scheduler: Scheduler) {
  scheduler.grantManageSchedules(fn);
  fn.addEnvironment(envNames.schedulerDlqArn, scheduler.deadLetterQueue.queueArn);
  acknowledge(
    fn.role!,
    `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${scheduler.groupName}/*]`,
    'Schedule names are made per case or meeting at runtime; only handlers that create or ' +
      'delete schedules get this, limited to schedules of this stage’s group.',
  );
}

/** The ARN of the stage's SES sender identity (its domain; docs/deployment.md). */
export function sesIdentityArn(scope: Stack, sesFrom: string): string {
  const domain = sesFrom.split('@')[1] ?? sesFrom;
  return scope.formatArn({ service: 'ses', resource: 'identity', resourceName: domain });
}
