import { describe, expect, it } from 'vitest';
import {
  handlerPermissions,
  type HandlerPermissions,
} from '../../functions/src/handler-permissions';
import { tableKeyActions, uploadKeyActions } from '../lib/data-key-grants';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { onlyResource, resourcesOfType, synth } from './synth';

/*
 * Issue 24 item 6: the two stores of patient data (the table; the uploads bucket) are encrypted
 * with the stage's own KMS keys, and each role that reads or writes them may use the key, only
 * through that service. Read back from the synthesized template of both stages.
 */

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

const declared = handlerPermissions as Readonly<Record<string, HandlerPermissions>>;
const text = (value: unknown) => JSON.stringify(value);
const keyIdOf = (reference: unknown) =>
  (reference as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
/** A declaration's list or flag says it grants something. */
const any = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

describe.each(['dev', 'prod'])('stage %s', (stage) => {
  const { template } = synth(stage);
  const keys = resourcesOfType(template, 'AWS::KMS::Key');
  const [, table] = onlyResource(template, 'AWS::DynamoDB::Table');
  const [, uploads] = onlyResource(template, 'AWS::S3::Bucket', (properties) =>
    text(properties.BucketName ?? '').includes(`telehealth-${stage}-uploads-`),
  );
  const tableKeyId = keyIdOf(
    (table.SSESpecification as { KMSMasterKeyId: unknown }).KMSMasterKeyId,
  );
  const uploadsEncryption = (
    uploads.BucketEncryption as {
      ServerSideEncryptionConfiguration: {
        ServerSideEncryptionByDefault: { SSEAlgorithm: string; KMSMasterKeyID: unknown };
        BucketKeyEnabled: boolean;
      }[];
    }
  ).ServerSideEncryptionConfiguration;
  const uploadsKeyId = keyIdOf(uploadsEncryption[0]!.ServerSideEncryptionByDefault.KMSMasterKeyID);

  it('encrypts the table with a key of its own', () => {
    expect(table.SSESpecification).toEqual({
      SSEEnabled: true,
      SSEType: 'KMS',
      KMSMasterKeyId: { 'Fn::GetAtt': [tableKeyId, 'Arn'] },
    });
  });

  it('encrypts the uploads bucket with another key of its own, with a bucket key', () => {
    expect(uploadsEncryption).toEqual([
      {
        ServerSideEncryptionByDefault: {
          SSEAlgorithm: 'aws:kms',
          KMSMasterKeyID: { 'Fn::GetAtt': [uploadsKeyId, 'Arn'] },
        },
        BucketKeyEnabled: true,
      },
    ]);
    expect(uploadsKeyId).not.toBe(tableKeyId);
  });

  it('rotates both keys, and keeps them with the data outside dev', () => {
    for (const keyId of [tableKeyId, uploadsKeyId]) {
      const key = keys[keyId] as { DeletionPolicy?: string; Properties: Record<string, unknown> };
      expect(key.Properties.EnableKeyRotation, keyId).toBe(true);
      expect(key.DeletionPolicy, keyId).toBe(stage === 'dev' ? 'Delete' : 'Retain');
    }
  });

  /** The statements of a handler's role that name `keyId`. */
  function keyStatements(handler: string, keyId: string): Statement[] {
    const [, fn] = onlyResource(
      template,
      'AWS::Lambda::Function',
      (properties) => properties.FunctionName === handlerFunctionName(stage, handler),
    );
    const role = keyIdOf(fn.Role);
    return (
      Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
        .filter((policy) => text(policy.Properties?.Roles).includes(`"${role}"`))
        .flatMap(
          (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
        )
        .filter((statement) => text(statement.Resource).includes(`"${keyId}"`))
        // CloudFormation writes a single action as a string.
        .map((statement) => ({ ...statement, Action: [statement.Action].flat() }))
    );
  }

  const viaService = (service: string) => ({
    StringEquals: {
      'kms:ViaService': {
        'Fn::Join': ['', [`${service}.`, { Ref: 'AWS::Region' }, '.amazonaws.com']],
      },
    },
  });

  /** Whether a handler reads the table (items, index partitions, fields) or writes it (a session touch is an UpdateItem). */
  const tableAccess = (handler: string) => {
    const table = declared[handler]!.table ?? {};
    return {
      reads: any(table.read) || any(table.indexes) || any(table.readFields),
      writes: any(table.write) || table.touchSessions === true,
    };
  };

  it.each(manifestHandlers())(
    'lets %s use the table key through DynamoDB exactly when it reads or writes the table',
    (handler) => {
      const { reads, writes } = tableAccess(handler);
      const statements = keyStatements(handler, tableKeyId);
      if (!reads && !writes) {
        expect(statements).toEqual([]);
        return;
      }
      expect(statements).toEqual([
        {
          Action: [...(writes ? tableKeyActions.write : tableKeyActions.read)],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [tableKeyId, 'Arn'] },
          Condition: viaService('dynamodb'),
        },
      ]);
    },
  );

  it.each(manifestHandlers())(
    'lets %s use the uploads key through S3 exactly when it reads or writes objects',
    (handler) => {
      const { read, write } = declared[handler]!.uploads ?? {};
      const statements = keyStatements(handler, uploadsKeyId);
      if (!any(read) && !any(write)) {
        expect(statements).toEqual([]);
        return;
      }
      expect(statements).toEqual([
        {
          Action: [...(any(write) ? uploadKeyActions.write : uploadKeyActions.read)],
          Effect: 'Allow',
          Resource: { 'Fn::GetAtt': [uploadsKeyId, 'Arn'] },
          Condition: viaService('s3'),
        },
      ]);
    },
  );

  it('gives the keys to the roles that touch the data, and to nobody else', () => {
    const holders = (keyId: string) =>
      manifestHandlers().filter((handler) => keyStatements(handler, keyId).length > 0);
    const tableUsers = manifestHandlers().filter((h) => {
      const { reads, writes } = tableAccess(h);
      return reads || writes;
    });
    expect(holders(tableKeyId)).toEqual(tableUsers);
    expect(tableUsers.length).toBeGreaterThan(30);
    expect(holders(uploadsKeyId).length).toBeGreaterThan(3);
    // No other role or policy in the stack names the data keys (the backup role uses AWS
    // managed policies that reach keys only through the backed-up service).
    const naming = (keyId: string) =>
      Object.entries(resourcesOfType(template, 'AWS::IAM::Policy')).filter(([, policy]) =>
        text(policy.Properties?.PolicyDocument).includes(`"${keyId}"`),
      );
    const handlerPolicies = naming(tableKeyId).length;
    expect(handlerPolicies).toBe(tableUsers.length);
  });
});
