import { describe, expect, it } from 'vitest';
import {
  checkPermission,
  permissionGuards,
  type AwsCall,
} from '../../functions/src/lib/permission-guard';
import { guardFor, refusalOf, runWithPermissions, takePermissionDenials } from './permission-check';

/** The local IAM check refuses what IAM would refuse, from the declarations alone. */

const caseWriter = {
  table: { read: true, write: ['CASE#', 'COUNTER#CASES'] },
  uploads: { read: ['pending/cases/', 'cases/'], write: ['cases/'], delete: ['pending/cases/'] },
} as const;

const dynamo = (command: string, input: unknown): AwsCall => ({
  dependency: 'DynamoDB',
  command: `${command}Command`,
  input,
});
const s3 = (command: string, input: unknown): AwsCall => ({
  dependency: 'S3',
  command: `${command}Command`,
  input,
});

describe('local IAM check', () => {
  it('allows declared reads, and writes to declared partitions and whole keys', () => {
    expect(refusalOf(caseWriter, dynamo('Query', { IndexName: 'gsi1' }))).toBeNull();
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

  it('refuses writes outside the declared partitions, naming only the key kind', () => {
    expect(refusalOf(caseWriter, dynamo('PutItem', { Item: { pk: 'SESSION#secret-id' } }))).toBe(
      'dynamodb:PutItem on SESSION#…',
    );
    // A whole key is not a prefix: `COUNTER#CASES` does not cover `COUNTER#CASES2`.
    expect(refusalOf(caseWriter, dynamo('UpdateItem', { Key: { pk: 'COUNTER#CASES2' } }))).toBe(
      'dynamodb:UpdateItem on COUNTER#…',
    );
    expect(
      refusalOf({ table: { read: true } }, dynamo('DeleteItem', { Key: { pk: 'CASE#1' } })),
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
    expect(refusalOf({}, dynamo('GetItem', { Key: { pk: 'CASE#1' } }))).toBe('dynamodb:GetItem');
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
    const allowed = guardFor('x', { table: { read: true, write: ['ADMIN#'] } });
    expect(() => permissionGuards.run(allowed, () => checkPermission(write))).not.toThrow();
    expect(takePermissionDenials()).toEqual([]);
  });
});
