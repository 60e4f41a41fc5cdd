import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { turnChannelName } from '#lib/ice/channel-pool';
import { envNames } from '#core/env';
import { joinRoom } from '#routes';
import { turnChannelCount } from '../lib/capacity';
import { handlerFunctionName } from '../lib/handler-functions';
import { resourcesOfType, synth } from './synth';

/** Issue 24 item 8: the TURN channel pool as the prod stage synthesizes it (docs/adr/0009). */

type Statement = { Action: string | string[]; Resource: unknown };

/** An ARN of the template with the pseudo parameters filled in. */
function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) throw new Error(`Not an ARN: ${JSON.stringify(value)}`);
  const pseudo: Record<string, string> = {
    'AWS::Partition': 'aws',
    'AWS::Region': 'eu-west-1',
    'AWS::AccountId': '123456789012',
  };
  return join[1]
    .map((part) =>
      typeof part === 'string' ? part : (pseudo[(part as { Ref: string }).Ref] ?? '<ref>'),
    )
    .join(join[0]);
}

/** Does the IAM resource pattern (`*` any run, `?` one character) match `arn`? */
function iamMatches(pattern: string, arn: string): boolean {
  const regex = pattern
    .split('')
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${regex}$`).test(arn);
}

const channelArn = (name: string) =>
  `arn:aws:kinesisvideo:eu-west-1:123456789012:channel/${name}/1764349200000`;

describe('the TURN channel pool (stage prod)', () => {
  const { stack, template } = synth('prod');
  const pool = Template.fromStack(stack.videoSignaling.channels);
  const channels = Object.values(resourcesOfType(pool, 'AWS::KinesisVideo::SignalingChannel'));
  const functions = resourcesOfType(template, 'AWS::Lambda::Function');
  const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'));
  const roomSessionId = Object.keys(functions).find(
    (id) =>
      functions[id]!.Properties?.FunctionName === handlerFunctionName('prod', joinRoom.handler),
  )!;
  const roleOf = (id: string) =>
    (functions[id]!.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  const statementsOf = (roleId: string): Statement[] =>
    policies
      .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
  const kvsStatements = (statements: Statement[]) =>
    statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('kinesisvideo:')),
    );
  const variables = functions[roomSessionId]!.Properties?.Environment as {
    Variables: Record<string, unknown>;
  };

  it('has as many single-master channels as the capacity model asks, named 000 onwards', () => {
    const count = turnChannelCount();
    expect(channels).toHaveLength(count);
    const names = channels.map((channel) => [channel.Properties?.Name, channel.Properties?.Type]);
    expect(names.sort()).toEqual(
      Array.from({ length: count }, (_, index) => [
        turnChannelName('telehealth-prod-turn-', index),
        'SINGLE_MASTER',
      ]),
    );
  });

  it('keeps the channels out of the main stack, which stays under 500 resources', () => {
    expect(resourcesOfType(template, 'AWS::KinesisVideo::SignalingChannel')).toEqual({});
    expect(Object.keys(resourcesOfType(template, 'AWS::CloudFormation::Stack'))).toHaveLength(1);
    expect(Object.keys(template.toJSON().Resources as object).length).toBeLessThan(500);
  });

  it('tells the room session the pool’s prefix and size, not a list of ARNs', () => {
    expect(variables.Variables).toMatchObject({
      [envNames.kvsChannelPrefix]: 'telehealth-prod-turn-',
      [envNames.kvsChannelCount]: String(turnChannelCount()),
    });
    // Lambda's limit for all variables together is 4 KB.
    expect(JSON.stringify(variables.Variables).length).toBeLessThan(4096);
  });

  it('lets the room session find and use exactly the pool’s channels', () => {
    const kvs = kvsStatements(statementsOf(roleOf(roomSessionId)));
    expect(kvs).toHaveLength(1);
    expect([kvs[0]!.Action].flat().sort()).toEqual([
      'kinesisvideo:DescribeSignalingChannel',
      'kinesisvideo:GetIceServerConfig',
      'kinesisvideo:GetSignalingChannelEndpoint',
    ]);
    const pattern = rendered(kvs[0]!.Resource);
    for (const channel of channels) {
      expect(iamMatches(pattern, channelArn(String(channel.Properties?.Name))), pattern).toBe(true);
    }
    for (const other of [
      'telehealth-prod-turn-1000',
      'telehealth-prod-turn-00',
      'telehealth-prod-turnx000',
      'telehealth-dev-turn-000',
      'telehealth-prod-rooms',
    ]) {
      expect(iamMatches(pattern, channelArn(other)), other).toBe(false);
    }
  });

  it('gives no other function Kinesis Video or the pool', () => {
    for (const [id, fn] of Object.entries(functions)) {
      if (id === roomSessionId) continue;
      const role = (fn.Properties?.Role as { 'Fn::GetAtt'?: [string] })?.['Fn::GetAtt']?.[0];
      if (role) expect(kvsStatements(statementsOf(role)), id).toEqual([]);
      const vars = (fn.Properties?.Environment as { Variables?: object } | undefined)?.Variables;
      expect(Object.keys(vars ?? {}), id).not.toContain(envNames.kvsChannelPrefix);
    }
  });
});
