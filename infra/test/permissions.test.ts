import { describe, expect, it } from 'vitest';
import {
  handlerPermissions,
  type HandlerPermissions,
} from '../../functions/src/handler-permissions';
import { envNames } from '#core/env';
import {
  gatewayAuthorizers,
  QUEUE_FAN_OUT_FUNCTION,
  httpRoutes,
  scheduledTargets,
  webSocketRoutes,
} from '#routes';
import { tableKeyActions, uploadKeyActions } from '../lib/data-key-grants';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { onlyResource, resourcesOfType, synth } from './synth';

/**
 * Least privilege per function (issue 11 item 1): each role's policy holds exactly what its
 * handler declares in `functions/src/handler-permissions.ts`, read back from the template.
 */

interface Statement {
  Sid?: string;
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: Record<string, Record<string, unknown>>;
}

const { template } = synth('dev');
const handlers = manifestHandlers();
const declared = handlerPermissions as Readonly<Record<string, HandlerPermissions>>;

function functionOf(handler: string): Record<string, unknown> {
  return onlyResource(
    template,
    'AWS::Lambda::Function',
    (properties) => properties.FunctionName === handlerFunctionName('dev', handler),
  )[1];
}

function roleOf(handler: string): string {
  return (functionOf(handler).Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
}

function statementsOf(handler: string): Statement[] {
  const role = roleOf(handler);
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties?.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
    );
}

const actionsOf = (statement: Statement) => [statement.Action].flat();
/** Each action the role holds once, whichever statements grant it. */
const allActions = (handler: string) =>
  [...new Set(statementsOf(handler).flatMap(actionsOf))].sort();
const withAction = (handler: string, action: string) =>
  statementsOf(handler).filter((statement) => actionsOf(statement).includes(action));
const text = (value: unknown) => JSON.stringify(value);
const logicalIdOf = (type: string, prefix: string) =>
  Object.keys(resourcesOfType(template, type)).find((id) => id.startsWith(prefix))!;

const [tableId] = onlyResource(template, 'AWS::DynamoDB::Table');
const uploadsId = logicalIdOf('AWS::S3::Bucket', 'UploadsBucket');
const secretIds = {
  stripe: logicalIdOf('AWS::SecretsManager::Secret', 'AppSecretsStripe'),
  room: logicalIdOf('AWS::SecretsManager::Secret', 'AppSecretsRoomToken'),
  originVerify: logicalIdOf('AWS::SecretsManager::Secret', 'AppSecretsOriginVerify'),
};

/** The object-key patterns (`cases/*`) a statement of `action` allows in the uploads bucket. */
function objectPatterns(handler: string, action: string): string[] {
  return withAction(handler, action)
    .flatMap((statement) => [statement.Resource].flat())
    .map((resource) => {
      const parts = (resource as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      expect(text(parts[0])).toContain(uploadsId);
      return parts[1] as string;
    })
    .sort();
}

const pattern = (key: string) => (key.endsWith('#') ? `${key}*` : key);
const leadingKeysOf = (statement: Statement) =>
  (statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as
    string[] | undefined) ?? [];
const onTableItself = (statement: Statement) =>
  text(statement.Resource) === text({ 'Fn::GetAtt': [tableId, 'Arn'] });

/** Asserts that `statements` is one statement, on the table itself, of exactly `actions`. */
function expectOneTableStatement(statements: Statement[], actions: string[]): Statement {
  expect(statements).toHaveLength(1);
  const [statement] = statements;
  expect(statement!.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
  expect(actionsOf(statement!).sort()).toEqual(actions);
  return statement!;
}

/** Roles that may read whole items (no attribute condition) of a partition, from the template. */
const wholeReaders = (leadingKey: string) =>
  handlers
    .filter((handler) =>
      withAction(handler, 'dynamodb:GetItem').some(
        (statement) =>
          onTableItself(statement) &&
          !statement.Condition?.['ForAllValues:StringEquals'] &&
          leadingKeysOf(statement).includes(leadingKey),
      ),
    )
    .sort();

/** Roles that may put or delete sessions, from the template. */
const sessionWriters = () =>
  handlers
    .filter((handler) =>
      [
        ...withAction(handler, 'dynamodb:PutItem'),
        ...withAction(handler, 'dynamodb:DeleteItem'),
      ].some((statement) => leadingKeysOf(statement).includes('SESSION#*')),
    )
    .sort();

/** Handlers whose declaration sets `pick`, for the set-wide checks below. */
const declaring = (pick: (permissions: HandlerPermissions) => unknown) =>
  handlers.filter((handler) => Boolean(pick(declared[handler]!))).sort();

/** The handlers that end a call through `meetings/end.ts`, which refunds a no-show (ADR 0023). */
const meetingEnders = [
  'cases/submit-feedback',
  'meetings/end',
  'meetings/end-meeting',
  'realtime/default',
];
describe('permissions per function', () => {
  it('declares every handler of the manifest, and nothing else', () => {
    expect(Object.keys(handlerPermissions).sort()).toEqual([...handlers].sort());
  });

  it('gives no role Scan, a wildcard action, a Deny or an AWS managed policy', () => {
    for (const handler of handlers) {
      const actions = allActions(handler);
      expect(
        actions.filter((action) => action.includes('*')),
        handler,
      ).toEqual([]);
      expect(actions, handler).not.toContain('dynamodb:Scan');
      expect(statementsOf(handler).every((statement) => statement.Effect === 'Allow')).toBe(true);
      const role = resourcesOfType(template, 'AWS::IAM::Role')[roleOf(handler)];
      expect(role?.Properties?.ManagedPolicyArns, handler).toBeUndefined();
    }
  });

  it.each(handlers)('gives %s exactly the actions its declaration names', (handler) => {
    const permissions = declared[handler]!;
    const expected = [
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      ...(permissions.table?.read
        ? ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']
        : []),
      ...(permissions.table?.indexes ? ['dynamodb:Query'] : []),
      ...(permissions.table?.readFields ? ['dynamodb:GetItem'] : []),
      ...(permissions.table?.write
        ? ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']
        : []),
      ...(permissions.table?.append ? ['dynamodb:PutItem'] : []),
      ...(permissions.table?.touchSessions ? ['dynamodb:UpdateItem'] : []),
      ...(permissions.uploads?.read ? ['s3:GetObject'] : []),
      ...(permissions.uploads?.write ? ['s3:PutObject'] : []),
      ...(permissions.uploads?.delete ? ['s3:DeleteObject'] : []),
      // The data keys come with the data (infra/test/encryption.test.ts checks their statements).
      ...(permissions.table?.write || permissions.table?.append || permissions.table?.touchSessions
        ? tableKeyActions.write
        : permissions.table?.read || permissions.table?.indexes || permissions.table?.readFields
          ? tableKeyActions.read
          : []),
      ...(permissions.uploads?.write
        ? uploadKeyActions.write
        : permissions.uploads?.read
          ? uploadKeyActions.read
          : []),
      ...(permissions.secrets?.length
        ? ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret']
        : []),
      ...(permissions.push ? ['execute-api:ManageConnections'] : []),
      ...(permissions.schedules
        ? [
            'scheduler:CreateSchedule',
            'scheduler:UpdateSchedule',
            'scheduler:DeleteSchedule',
            'scheduler:GetSchedule',
            'iam:PassRole',
          ]
        : []),
      ...(permissions.email ? ['ses:SendEmail'] : []),
      ...(permissions.fansOutQueue ? ['lambda:InvokeFunction'] : []),
      ...(permissions.iceServers
        ? [
            'kinesisvideo:DescribeSignalingChannel',
            'kinesisvideo:GetSignalingChannelEndpoint',
            'kinesisvideo:GetIceServerConfig',
          ]
        : []),
      // Not the handler's to declare: Lambda itself sends a scheduled target's failed run to
      // the failed-runs queue as the function's role (infra/test/failed-runs.test.ts).
      ...(Object.values(scheduledTargets).includes(handler) ? ['sqs:SendMessage'] : []),
    ];
    expect(allActions(handler)).toEqual([...new Set(expected)].sort());
  });

  it.each(handlers)('lets %s write only the partitions it declares', (handler) => {
    const write = declared[handler]!.table?.write;
    // An append-only grant (`AppendItems`) has its own test below.
    const statements = withAction(handler, 'dynamodb:PutItem').filter(
      (statement) => statement.Sid !== 'AppendItems',
    );
    if (!write) {
      expect(statements).toEqual([]);
      return;
    }
    // The table only: writes never address an index, and nothing else of DynamoDB.
    const statement = expectOneTableStatement(statements, [
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    const leadingKeys = statement.Condition?.['ForAllValues:StringLike']?.[
      'dynamodb:LeadingKeys'
    ] as string[];
    expect(leadingKeys.sort()).toEqual(
      write.map((key) => (key.endsWith('#') ? `${key}*` : key)).sort(),
    );
    // A pattern that matched every key would make the condition pointless.
    expect(leadingKeys.every((pattern) => /^[A-Z_]+#/.test(pattern))).toBe(true);
  });

  it.each(handlers)('lets %s read whole items only of the partitions it declares', (handler) => {
    const read = declared[handler]!.table?.read;
    const statements = withAction(handler, 'dynamodb:BatchGetItem');
    if (!read) {
      expect(statements).toEqual([]);
      return;
    }
    const statement = expectOneTableStatement(statements, [
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    expect(statement.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': read.map(pattern) },
    });
  });

  it.each(handlers)('lets %s query only the index partitions it declares', (handler) => {
    const indexes = declared[handler]!.table?.indexes ?? [];
    const onIndexes = statementsOf(handler).filter((statement) =>
      text(statement.Resource).includes('/index/'),
    );
    const granted = Object.fromEntries(
      onIndexes.map((statement) => {
        expect(actionsOf(statement)).toEqual(['dynamodb:Query']);
        const index = /\/index\/([\w-]+)/.exec(text(statement.Resource))![1]!;
        expect(text(statement.Resource)).toContain(tableId);
        const keys = leadingKeysOf(statement);
        expect(Object.keys(statement.Condition!)).toEqual(['ForAllValues:StringLike']);
        return [index, keys.sort()];
      }),
    );
    const expected: Record<string, string[]> = {};
    for (const { index, key } of indexes)
      expected[index] = [...(expected[index] ?? []), pattern(key)];
    for (const keys of Object.values(expected)) keys.sort();
    expect(granted).toEqual(expected);
    // One statement per index: its own partitions are not another index's.
    expect(onIndexes).toHaveLength(Object.keys(expected).length);
  });

  it.each(handlers)(
    'lets %s read only the declared attributes of hash-holding items',
    (handler) => {
      const fields = declared[handler]!.table?.readFields ?? [];
      const statements = withAction(handler, 'dynamodb:GetItem').filter(
        (statement) => statement.Condition?.['ForAllValues:StringEquals'],
      );
      expect(
        statements.map((statement) => ({
          actions: actionsOf(statement),
          resource: statement.Resource,
          condition: statement.Condition,
        })),
      ).toEqual(
        fields.map(({ key, attributes }) => ({
          actions: ['dynamodb:GetItem'],
          resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
          condition: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [pattern(key)] },
            'ForAllValues:StringEquals': { 'dynamodb:Attributes': attributes },
            StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
          },
        })),
      );
    },
  );

  it.each(handlers)('lets %s touch sessions only if it declares it, lastSeenAt only', (handler) => {
    const touches = withAction(handler, 'dynamodb:UpdateItem').filter(
      (statement) => !actionsOf(statement).includes('dynamodb:PutItem'),
    );
    if (!declared[handler]!.table?.touchSessions) {
      expect(touches).toEqual([]);
      return;
    }
    expect(touches).toEqual([
      {
        Action: 'dynamodb:UpdateItem',
        Effect: 'Allow',
        Sid: 'TouchSessions',
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastSeenAt'] },
          StringEquals: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
        },
      },
    ]);
  });

  it('conditions every table statement of every role on the partitions it names', () => {
    for (const handler of handlers) {
      const onTable = statementsOf(handler).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
      );
      for (const statement of onTable) {
        const keys = leadingKeysOf(statement);
        expect(keys.length, handler).toBeGreaterThan(0);
        // A pattern that matched every key would make the condition pointless.
        expect(
          keys.every((key) => /^[A-Z_]+(#|$)/.test(key)),
          handler,
        ).toBe(true);
      }
    }
  });

  it('lets only the sign-ins and the password change read password hashes', () => {
    // Whole items of `ADMIN#` and `PROVIDER_LOGIN#`: every other role reads, at most, the
    // declared attributes of them (the admin account check, the email check).
    // The password step and the code step of the sign-in (issue 25).
    expect(wholeReaders('ADMIN#*')).toEqual(['admin/login', 'admin/login-code']);
    expect(wholeReaders('PROVIDER_LOGIN#*')).toEqual([
      'providers/change-password',
      'providers/login',
    ]);
    expect(declaring((p) => p.table?.readFields?.some((f) => f.key === 'ADMIN#'))).toEqual(
      handlers
        .filter((handler) => handler.startsWith('admin/') && !handler.startsWith('admin/login'))
        .concat('doctor-applications/list-documents')
        .sort(),
    );
    expect(declaring((p) => p.table?.readFields?.some((f) => f.key === 'PROVIDER_LOGIN#'))).toEqual(
      ['providers/check-email'],
    );
  });

  it('lets only the handlers that check, sign in or end sessions read them', () => {
    const signedIn = Object.values(httpRoutes)
      .filter((route) => route.access !== 'public')
      .map((route) => route.handler);
    // Besides the signed-in routes: the join link's provider cookie, and the re-check of a
    // provider socket's session before it hears a case (connect, room messages, announcements,
    // and the patient's presence a patient page's disconnect tells the holding doctor). An
    // announcement reads the alert list and re-checks each listener's account (`PROVIDER#`) and
    // session; a handler that reads the alert list without the accounts only counts the doctors
    // on duty from its heartbeat times (issue 28: the wait estimate, the on-duty count) and tells
    // no provider anything.
    const checkers = [
      'meetings/join-room',
      'realtime/connect',
      'realtime/default',
      'realtime/disconnect',
      ...declaring(
        (p) =>
          p.table?.indexes?.some((i) => i.key === 'CONNECTIONS') === true &&
          p.table.read?.includes('PROVIDER#') === true,
      ),
    ];
    expect(wholeReaders('SESSION#*')).toEqual([...new Set([...signedIn, ...checkers])].sort());
    // Only the sign-ins' code steps (the password steps create none, issue 25), the
    // sign-outs and what ends a provider's access write them whole.
    expect(sessionWriters()).toEqual([
      'admin/approve',
      'admin/login-code',
      'admin/logout',
      'admin/reject',
      'admin/reset-second-factor',
      'providers/change-password',
      'providers/login-code',
      'providers/logout',
    ]);
    // Every other checker may only touch `lastSeenAt` (above).
    for (const handler of signedIn.filter((h) => !sessionWriters().includes(h))) {
      expect(declared[handler]!.table?.touchSessions, handler).toBe(true);
    }
  });

  it.each(handlers)('gives %s the upload prefixes it declares, per action', (handler) => {
    const uploads = declared[handler]!.uploads ?? {};
    const patterns = (prefixes: readonly string[] | undefined) =>
      (prefixes ?? []).map((prefix) => `/${prefix}*`).sort();
    expect(objectPatterns(handler, 's3:GetObject')).toEqual(patterns(uploads.read));
    expect(objectPatterns(handler, 's3:PutObject')).toEqual(patterns(uploads.write));
    expect(objectPatterns(handler, 's3:DeleteObject')).toEqual(patterns(uploads.delete));
  });

  it.each(handlers)('lets %s read only its own secrets, and lists just those', (handler) => {
    const ids = (declared[handler]!.secrets ?? []).map((id) => secretIds[id]).sort();
    const granted = withAction(handler, 'secretsmanager:GetSecretValue')
      .flatMap((statement) => [statement.Resource].flat())
      .map((resource) => (resource as { Ref: string }).Ref)
      .sort();
    expect(granted).toEqual(ids);
    const variables = (functionOf(handler).Environment as { Variables: Record<string, unknown> })
      .Variables;
    const listed = variables[envNames.secretsArn];
    if (ids.length === 0) expect(listed).toBeUndefined();
    else for (const id of ids) expect(text(listed)).toContain(`"Ref":"${id}"`);
  });

  it('lets only the payment handlers and the settlements (case expiry, a lapsed wait promise, a nurse visit, the call ends, the retry) read the Stripe keys', () => {
    expect(declaring((p) => p.secrets?.includes('stripe'))).toEqual([
      'cases/expire-case',
      'cases/lapse-wait-promise',
      'cases/nurse-visit',
      'cases/submit-feedback',
      'meetings/end',
      'meetings/end-meeting',
      'payments/create-checkout-session',
      'payments/manual-payment-complete',
      'payments/settle-payment',
      'payments/stripe-webhook',
      'payments/test-payment-complete',
      'realtime/default',
    ]);
    for (const handler of handlers) {
      const reads = text(withAction(handler, 'secretsmanager:GetSecretValue'));
      expect(reads.includes(secretIds.stripe), handler).toBe(
        declared[handler]!.secrets?.includes('stripe') === true,
      );
    }
  });

  it('lets only the handlers that sign (a case is paid) or verify join links read the room key', () => {
    expect(declaring((p) => p.secrets?.includes('room'))).toEqual([
      'meetings/join-room',
      'payments/create-checkout-session',
      'payments/manual-payment-complete',
      'payments/stripe-webhook',
      'payments/test-payment-complete',
    ]);
  });

  it('lets every HTTP handler, realtime/connect and the origin authorizer read the origin-verify secret', () => {
    const http = Object.values(httpRoutes).map((route) => route.handler);
    const expected = [
      ...new Set([...http, webSocketRoutes.$connect, gatewayAuthorizers.originVerify]),
    ].sort();
    expect(declaring((p) => p.secrets?.includes('originVerify'))).toEqual(expected);
  });

  it('splits the secrets by audience, with no value in the template', () => {
    const secrets = resourcesOfType(template, 'AWS::SecretsManager::Secret');
    const props = (id: string) => secrets[id]!.Properties!;
    expect(props(secretIds.stripe).Name).toBe('telehealth-dev/stripe');
    // Created empty; an operator writes the keys (docs/deployment.md).
    expect(JSON.parse(props(secretIds.stripe).SecretString as string)).toEqual({
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(props(secretIds.room)).toMatchObject({
      Name: 'telehealth-dev/room-token',
      GenerateSecretString: { GenerateStringKey: 'ROOM_TOKEN_SECRET' },
    });
    expect(props(secretIds.originVerify)).toMatchObject({
      Name: 'telehealth-dev/origin-verify',
      GenerateSecretString: { GenerateStringKey: 'ORIGIN_VERIFY_SECRET' },
    });
    expect(Object.keys(secrets)).toHaveLength(3);
  });

  it('decrypts the secrets key only through Secrets Manager', () => {
    const [, key] = onlyResource(template, 'AWS::KMS::Key', (properties) =>
      text(properties.Description).includes('application secrets'),
    );
    const statements = (key.KeyPolicy as { Statement: Statement[] }).Statement;
    const forHandlers = statements.filter((statement) =>
      text((statement as { Principal?: unknown }).Principal).includes('Handlers'),
    );
    expect(forHandlers.length).toBeGreaterThan(0);
    for (const statement of forHandlers) {
      expect(actionsOf(statement)).toEqual(['kms:Decrypt']);
      expect(text(statement.Condition?.StringEquals?.['kms:ViaService'])).toContain(
        'secretsmanager.',
      );
    }
  });

  it('gives ManageConnections, Scheduler, SES and Kinesis Video only to their declared users', () => {
    const holders = (action: string) =>
      handlers.filter((handler) => withAction(handler, action).length > 0).sort();
    expect(holders('execute-api:ManageConnections')).toEqual(declaring((p) => p.push));
    expect(holders('scheduler:CreateSchedule')).toEqual(declaring((p) => p.schedules));
    expect(holders('ses:SendEmail')).toEqual(['admin/approve', 'admin/reject']);
    expect(holders('kinesisvideo:GetIceServerConfig')).toEqual(['meetings/join-room']);
    expect(holders('lambda:InvokeFunction')).toEqual(declaring((p) => p.fansOutQueue));
    // Ending a meeting deletes its end schedule, from every place a meeting can end.
    for (const ender of ['meetings/end', 'meetings/end-meeting', 'realtime/default']) {
      expect(holders('scheduler:DeleteSchedule')).toContain(ender);
    }
  });

  it('lets the queue changes start the fan-out worker, that function only (docs/adr/0028)', () => {
    const worker = handlerFunctionName('dev', scheduledTargets[QUEUE_FAN_OUT_FUNCTION]!);
    const starters = declaring((p) => p.fansOutQueue);
    // Every handler that pushes a change moving the queue, and the worker (its successor).
    expect(starters).toEqual(expect.arrayContaining(['cases/claim', 'realtime/fan-out-queue']));
    for (const handler of starters) {
      const invokes = withAction(handler, 'lambda:InvokeFunction');
      expect(invokes, handler).toHaveLength(1);
      expect(text(invokes[0]!.Resource), handler).toContain(`:function:${worker}"`);
      expect(text(invokes[0]!.Resource), handler).not.toContain('*');
    }
  });

  it('tells every scheduling handler the dead-letter queue, and every payment handler the expiry target', () => {
    const variablesOf = (handler: string) =>
      (functionOf(handler).Environment as { Variables: Record<string, unknown> }).Variables;
    for (const handler of declaring((p) => p.schedules)) {
      expect(variablesOf(handler)[envNames.schedulerDlqArn], handler).toBeDefined();
    }
    // Each of them settles payments (markCasePaid), which schedules the unstarted case's expiry;
    // the call's ends settle the money and delete the end schedule (docs/adr/0023); the expiry, the
    // wait promise's lapse and a nurse visit's step only schedule a failed settlement's retry
    // (docs/adr/0024), whose target every function knows.
    const settlers = ['cases/expire-case', 'cases/lapse-wait-promise', 'cases/nurse-visit'];
    const payers = declaring((p) => p.secrets?.includes('stripe') && p.schedules).filter(
      (handler) => !meetingEnders.includes(handler) && !settlers.includes(handler),
    );
    for (const handler of handlers) {
      expect(variablesOf(handler)[envNames.settlementTargetArn], handler).toBeDefined();
    }
    for (const handler of payers) {
      expect(variablesOf(handler)[envNames.caseExpiryTargetArn], handler).toBeDefined();
    }
    expect(payers).toHaveLength(4);
  });

  it('gives GET /api/config no table, no uploads and no secret but the origin check', () => {
    expect(allActions('config/get-client-config')).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    expect(text(withAction('config/get-client-config', 'secretsmanager:GetSecretValue'))).toBe(
      text([
        {
          Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
          Effect: 'Allow',
          Resource: { Ref: secretIds.originVerify },
        },
      ]),
    );
  });

  it('keeps read-only handlers read-only', () => {
    for (const handler of ['cases/get-status', 'patients/video-access', 'admin/list-cases']) {
      expect(
        allActions(handler)
          .filter((action) => /^(dynamodb|s3):(Put|Update|Delete)/.test(action))
          .sort(),
      ).toEqual(handler === 'admin/list-cases' ? ['dynamodb:PutItem', 'dynamodb:UpdateItem'] : []);
    }
    // A signed-in admin list writes only its session's `lastSeenAt` and its access records.
    expect(declared['admin/list-cases']!.table?.write).toBeUndefined();
    expect(declared['admin/list-cases']!.table?.append).toEqual(['ACCESS#']);
    expect(declared['admin/list-cases']!.table?.touchSessions).toBe(true);
  });

  it('grants an append-only partition a Put that answers nothing back, and nothing else', () => {
    for (const handler of ['cases/details', 'cases/attachments', 'admin/list-cases']) {
      const appends = statementsOf(handler).filter((statement) => statement.Sid === 'AppendItems');
      expect(appends, handler).toEqual([
        expect.objectContaining({
          Action: 'dynamodb:PutItem',
          Condition: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ACCESS#*'] },
            StringEquals: { 'dynamodb:ReturnValues': 'NONE' },
          },
        }),
      ]);
      const others = statementsOf(handler).filter((statement) => statement.Sid !== 'AppendItems');
      expect(JSON.stringify(others), handler).not.toContain('ACCESS#');
    }
  });
});
