import { describe, expect, it } from 'vitest';
import { checkPermission, permissionGuards, type AwsCall } from '#core/permission-guard';
import {
  fieldReads,
  indexPartitions,
  type HandlerPermissions,
} from '../../functions/src/handler-permissions';
import { guardFor, refusalOf, runWithPermissions, takePermissionDenials } from './permission-check';

/** The local IAM check refuses what IAM would refuse, from the declarations alone. */

const caseWriter = {
  table: {
    read: ['CASE#', 'COUNTER#CASES'],
    indexes: [indexPartitions.caseQueue, indexPartitions.providerCases],
    write: ['CASE#', 'COUNTER#CASES'],
  },
  uploads: { read: ['pending/cases/', 'cases/'], write: ['cases/'], delete: ['pending/cases/'] },
} as const;

const dynamo = (command: string, input: unknown): AwsCall => ({
  dependency: 'DynamoDB',
  command: `${command}Command`,
  input,
});
/** A Query of one partition, as `db/table.ts` builds it (`indexQuery`, `partitionQuery`). */
const query = (partition: string, index?: string) =>
  dynamo('Query', {
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: `${index ?? ''}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
  });
const s3 = (command: string, input: unknown): AwsCall => ({
  dependency: 'S3',
  command: `${command}Command`,
  input,
});

describe('local IAM check', () => {
  it('allows declared reads, and writes to declared partitions and whole keys', () => {
    expect(
      refusalOf(caseWriter, dynamo('GetItem', { Key: { pk: 'CASE#1', sk: 'CASE' } })),
    ).toBeNull();
    expect(refusalOf(caseWriter, query('CASE#1'))).toBeNull();
    expect(refusalOf(caseWriter, query('CASE_QUEUE', 'gsi2'))).toBeNull();
    expect(
      refusalOf(caseWriter, dynamo('PutItem', { Item: { pk: 'CASE#1', sk: 'A' } })),
    ).toBeNull();
    expect(
      refusalOf(caseWriter, dynamo('UpdateItem', { Key: { pk: 'COUNTER#CASES' } })),
    ).toBeNull();
    // The attribute-value form of a key (a marshalled request) is read the same way.
    expect(
      refusalOf(caseWriter, dynamo('DeleteItem', { Key: { pk: { S: 'CASE#2' } } })),
    ).toBeNull();
  });

  it('lets an append-only partition take a Put that answers nothing back, and nothing else', () => {
    const recorder: HandlerPermissions = { table: { append: ['ACCESS#'] } };
    const record = { pk: 'ACCESS#1', sk: 'AUDIT#2026-11-28T00:00:00.000Z#1' };
    expect(refusalOf(recorder, dynamo('PutItem', { Item: record }))).toBeNull();
    expect(
      refusalOf(recorder, dynamo('PutItem', { Item: record, ReturnValues: 'NONE' })),
    ).toBeNull();
    expect(refusalOf(recorder, dynamo('PutItem', { Item: record, ReturnValues: 'ALL_OLD' }))).toBe(
      'dynamodb:PutItem on ACCESS#…',
    );
    for (const command of ['UpdateItem', 'DeleteItem', 'GetItem']) {
      expect(refusalOf(recorder, dynamo(command, { Key: record })), command).toMatch(
        new RegExp(`^dynamodb:${command} on ACCESS#`),
      );
    }
    // `append` grants a plain Put; only `write` covers a transaction's items.
    expect(
      refusalOf(
        recorder,
        dynamo('TransactWriteItems', { TransactItems: [{ Put: { Item: record } }] }),
      ),
    ).toBe('dynamodb:PutItem on ACCESS#…');
  });

  it('refuses writes outside the declared partitions, naming only the key kind', () => {
    expect(refusalOf(caseWriter, dynamo('PutItem', { Item: { pk: 'SESSION#secret-id' } }))).toBe(
      'dynamodb:PutItem on SESSION#…',
    );
    // A whole key is not a prefix: `COUNTER#CASES` does not cover `COUNTER#CASES2`.
    expect(refusalOf(caseWriter, dynamo('UpdateItem', { Key: { pk: 'COUNTER#CASES2' } }))).toBe(
      'dynamodb:UpdateItem on COUNTER#…',
    );
    expect(
      refusalOf({ table: { read: ['CASE#'] } }, dynamo('DeleteItem', { Key: { pk: 'CASE#1' } })),
    ).toBe('dynamodb:DeleteItem on CASE#…');
  });

  it('checks every item of a transaction, as IAM does', () => {
    const transaction = (pk: string) =>
      dynamo('TransactWriteItems', {
        TransactItems: [{ Put: { Item: { pk: 'CASE#1' } } }, { Update: { Key: { pk } } }],
      });
    expect(refusalOf(caseWriter, transaction('CASE#1'))).toBeNull();
    expect(refusalOf(caseWriter, transaction('PATIENT#1'))).toBe(
      'dynamodb:UpdateItem on PATIENT#…',
    );
    expect(
      refusalOf(
        caseWriter,
        dynamo('TransactWriteItems', {
          TransactItems: [{ ConditionCheck: { Key: { pk: 'CASE#1' } } }],
        }),
      ),
    ).toBe('dynamodb:ConditionCheckItem');
  });

  it('refuses Scan and batch writes to everyone, and reads to a handler without table access', () => {
    expect(refusalOf(caseWriter, dynamo('Scan', {}))).toBe('dynamodb:Scan');
    expect(refusalOf(caseWriter, dynamo('BatchWriteItem', {}))).toBe('dynamodb:BatchWriteItem');
    expect(refusalOf({}, dynamo('GetItem', { Key: { pk: 'CASE#1' } }))).toBe(
      'dynamodb:GetItem on CASE#…',
    );
  });

  it('refuses reads of undeclared partitions, whichever read names them', () => {
    expect(
      refusalOf(caseWriter, dynamo('GetItem', { Key: { pk: 'ADMIN#root', sk: 'ADMIN' } })),
    ).toBe('dynamodb:GetItem on ADMIN#…');
    expect(refusalOf(caseWriter, query('SESSION#abc'))).toBe('dynamodb:Query on SESSION#…');
    // A batch is one request: one key outside the declaration refuses all of it.
    const batch = (...pks: string[]) =>
      dynamo('BatchGetItem', {
        RequestItems: { table: { Keys: pks.map((pk) => ({ pk, sk: 'X' })) } },
      });
    expect(refusalOf(caseWriter, batch('CASE#1', 'COUNTER#CASES'))).toBeNull();
    expect(refusalOf(caseWriter, batch('CASE#1', 'PATIENT#2'))).toBe(
      'dynamodb:BatchGetItem on PATIENT#…',
    );
    // DynamoDB authorizes each item of a read transaction as a GetItem.
    const transaction = (pk: string) =>
      dynamo('TransactGetItems', {
        TransactItems: [{ Get: { Key: { pk: 'CASE#1' } } }, { Get: { Key: { pk } } }],
      });
    expect(refusalOf(caseWriter, transaction('CASE#2'))).toBeNull();
    expect(refusalOf(caseWriter, transaction('PROVIDER_LOGIN#a@b'))).toBe(
      'dynamodb:GetItem on PROVIDER_LOGIN#…',
    );
  });

  it('allows a Query of an index only on its declared index partitions', () => {
    expect(refusalOf(caseWriter, query('PROVIDER_CASES#p1', 'gsi3'))).toBeNull();
    // The partition decides, not the index alone: the sessions of an account are on gsi2 too.
    expect(refusalOf(caseWriter, query('SUBJECT_SESSIONS#p1', 'gsi2'))).toBe(
      'dynamodb:Query on gsi2 SUBJECT_SESSIONS#…',
    );
    expect(refusalOf(caseWriter, query('CASES', 'gsi1'))).toBe('dynamodb:Query on gsi1 CASES…');
    // A declared partition of one index is not one of another.
    expect(refusalOf(caseWriter, query('CASE_QUEUE', 'gsi4'))).toBe(
      'dynamodb:Query on gsi4 CASE_QUEUE…',
    );
    // The key attribute named through a placeholder is read the same way.
    const named = dynamo('Query', {
      IndexName: 'gsi2',
      KeyConditionExpression: '#k = :v AND begins_with(gsi2sk, :s)',
      ExpressionAttributeNames: { '#k': 'gsi2pk' },
      ExpressionAttributeValues: { ':v': 'CASE_QUEUE', ':s': '2026' },
    });
    expect(refusalOf(caseWriter, named)).toBeNull();
  });

  it('allows only the declared attributes of an item that holds a password hash', () => {
    const adminRoute: HandlerPermissions = { table: { readFields: [fieldReads.adminStatus] } };
    const adminRead = (...attributes: string[]) =>
      dynamo('GetItem', {
        Key: { pk: 'ADMIN#root', sk: 'ADMIN' },
        ...(attributes.length
          ? {
              ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
            }
          : {}),
      });
    expect(refusalOf(adminRoute, adminRead('id', 'isActive'))).toBeNull();
    expect(refusalOf(adminRoute, adminRead('id', 'passwordHash'))).toBe(
      'dynamodb:GetItem of id, passwordHash on ADMIN#…',
    );
    // Without a projection the whole item (its hash) would be read.
    expect(refusalOf(adminRoute, adminRead())).toBe('dynamodb:GetItem on ADMIN#…');
    // The fields of one partition are not those of another.
    expect(
      refusalOf(
        adminRoute,
        dynamo('GetItem', {
          Key: { pk: 'PROVIDER_LOGIN#a@b', sk: 'LOGIN' },
          ProjectionExpression: 'id',
        }),
      ),
    ).toBe('dynamodb:GetItem of id on PROVIDER_LOGIN#…');
  });

  it('lets a session toucher set lastSeenAt of a session, and nothing else of it', () => {
    const toucher: HandlerPermissions = { table: { touchSessions: true } };
    const touch = (update: string, extra: Record<string, unknown> = {}) =>
      dynamo('UpdateItem', {
        Key: { pk: 'SESSION#abc', sk: 'SESSION' },
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': 1 },
        ...extra,
      });
    // `db/sessions.ts` touchSession, exactly.
    expect(refusalOf(toucher, touch('SET lastSeenAt = :now'))).toBeNull();
    expect(
      refusalOf(
        toucher,
        touch('SET lastSeenAt = :now, #r = :now', { ExpressionAttributeNames: { '#r': 'role' } }),
      ),
    ).toBe('dynamodb:UpdateItem on SESSION#…');
    expect(refusalOf(toucher, touch('SET lastSeenAt = :now', { ReturnValues: 'ALL_NEW' }))).toBe(
      'dynamodb:UpdateItem on SESSION#…',
    );
    expect(refusalOf(toucher, touch('REMOVE mustChangePassword'))).toBe(
      'dynamodb:UpdateItem on SESSION#…',
    );
    // It can neither mint, nor end, nor read a session.
    expect(
      refusalOf(toucher, dynamo('PutItem', { Item: { pk: 'SESSION#new', role: 'admin' } })),
    ).toBe('dynamodb:PutItem on SESSION#…');
    expect(refusalOf(toucher, dynamo('DeleteItem', { Key: { pk: 'SESSION#abc' } }))).toBe(
      'dynamodb:DeleteItem on SESSION#…',
    );
    expect(refusalOf(toucher, dynamo('GetItem', { Key: { pk: 'SESSION#abc' } }))).toBe(
      'dynamodb:GetItem on SESSION#…',
    );
    // The touch is of sessions only.
    expect(
      refusalOf(
        toucher,
        dynamo('UpdateItem', {
          Key: { pk: 'ADMIN#root' },
          UpdateExpression: 'SET lastSeenAt = :now',
        }),
      ),
    ).toBe('dynamodb:UpdateItem on ADMIN#…');
    // A handler that signs in or ends sessions writes them whole.
    const signer: HandlerPermissions = { table: { write: ['SESSION#'] } };
    expect(
      refusalOf(signer, touch('SET lastSeenAt = :now', { ReturnValues: 'ALL_NEW' })),
    ).toBeNull();
  });

  it('allows objects only under the prefixes of each action; a copy needs both ends', () => {
    expect(refusalOf(caseWriter, s3('HeadObject', { Key: 'pending/cases/c/u' }))).toBeNull();
    expect(refusalOf(caseWriter, s3('PutObject', { Key: 'pending/cases/c/u' }))).toBe(
      's3:PutObject on pending/cases/…',
    );
    expect(refusalOf(caseWriter, s3('DeleteObject', { Key: 'cases/c/u' }))).toBe(
      's3:DeleteObject on cases/…',
    );
    const copy = (source: string, target: string) =>
      s3('CopyObject', { Key: target, CopySource: `bucket/${source}` });
    expect(refusalOf(caseWriter, copy('pending/cases/c/u', 'cases/c/u'))).toBeNull();
    expect(refusalOf(caseWriter, copy('applications/a/u', 'cases/c/u'))).toBe(
      's3:GetObject on applications/…',
    );
    expect(refusalOf(caseWriter, copy('cases/c/u', 'pending/cases/c/u'))).toBe(
      's3:PutObject on pending/cases/…',
    );
  });

  it('allows the other services only to the handlers that declare them', () => {
    const call = (dependency: AwsCall['dependency']): AwsCall => ({
      dependency,
      command: 'AnyCommand',
      input: {},
    });
    expect(refusalOf({}, call('Scheduler'))).toBe('scheduler:Any');
    expect(refusalOf({ schedules: true }, call('Scheduler'))).toBeNull();
    expect(refusalOf({}, call('API Gateway'))).toMatch(/ManageConnections/);
    expect(refusalOf({ push: true }, call('API Gateway'))).toBeNull();
    expect(refusalOf({}, call('SES'))).toBe('ses:Any');
    expect(refusalOf({ email: true }, call('SES'))).toBeNull();
    expect(refusalOf({}, call('Kinesis Video'))).toBe('kinesisvideo:Any');
    expect(refusalOf({ iceServers: true }, call('Kinesis Video'))).toBeNull();
  });

  it('lets a handler read only the secrets it declares (env.ts reports each read)', () => {
    const read = (secret: string): AwsCall => ({
      dependency: 'Secrets Manager',
      command: 'ReadSecretValue',
      input: { secret },
    });
    const roomOnly = { secrets: ['room'] } as const;
    expect(refusalOf(roomOnly, read('room'))).toBeNull();
    expect(refusalOf(roomOnly, read('stripe'))).toBe(
      'secretsmanager:GetSecretValue of the stripe secret',
    );
    expect(refusalOf({}, read('originVerify'))).toMatch(/originVerify/);
  });

  it('throws an AccessDenied error inside a handler and remembers it; outside, checks nothing', () => {
    takePermissionDenials();
    const write = dynamo('PutItem', { Item: { pk: 'ADMIN#someone' } });
    expect(() =>
      runWithPermissions('config/get-client-config', () => checkPermission(write)),
    ).toThrow(expect.objectContaining({ name: 'AccessDeniedException' }) as Error);
    expect(takePermissionDenials()).toEqual([
      { handler: 'config/get-client-config', what: 'dynamodb:PutItem on ADMIN#…' },
    ]);
    // Test seeding and the local stack run outside any handler.
    expect(() => checkPermission(write)).not.toThrow();
    expect(permissionGuards.getStore()).toBeUndefined();
    const allowed = guardFor('x', { table: { write: ['ADMIN#'] } });
    expect(() => permissionGuards.run(allowed, () => checkPermission(write))).not.toThrow();
    expect(takePermissionDenials()).toEqual([]);
  });
});
