import { describe, expect, it } from 'vitest';
import { scheduledTargets } from '#routes';
import { scheduledRunRetries } from '../../functions/src/scheduled-runs';
import { handlerFunctionName, manifestHandlers } from '../lib/handler-functions';
import { onlyResource, resourcesOfType, synth } from './synth';

/**
 * Issue 24 item 4: Scheduler invokes its targets asynchronously, so a run whose function throws
 * is Lambda's to retry and keep. Read back from the synthesized template of each stage.
 */

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

describe.each(['dev', 'prod'])('failed scheduled runs on stage %s', (stage) => {
  const { template } = synth(stage);
  const resources = template.toJSON().Resources as Record<
    string,
    { Type: string; DeletionPolicy?: string; Properties?: Record<string, unknown> }
  >;
  const [queueId, queue] = onlyResource(
    template,
    'AWS::SQS::Queue',
    (properties) => properties.QueueName === `telehealth-${stage}-target-dlq`,
  );
  const functionId = (handler: string) =>
    onlyResource(
      template,
      'AWS::Lambda::Function',
      (properties) => properties.FunctionName === handlerFunctionName(stage, handler),
    )[0];
  const roleOf = (handler: string) =>
    (resources[functionId(handler)]!.Properties!.Role as { 'Fn::GetAtt': [string] })[
      'Fn::GetAtt'
    ][0];
  const statementsOfRole = (roleId: string): Statement[] =>
    Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
  const targets = [...new Set(Object.values(scheduledTargets))].sort();

  it('retries each scheduled target twice within the hour, then sends the run to the queue', () => {
    const configs = Object.values(resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig'));
    const byFunction = new Map(
      configs.map((config) => [
        (config.Properties!.FunctionName as { Ref: string }).Ref,
        config.Properties!,
      ]),
    );
    // The three targets and nothing else: every other handler is invoked synchronously.
    expect([...byFunction.keys()].sort()).toEqual(targets.map(functionId).sort());
    expect(configs).toHaveLength(targets.length);
    for (const handler of targets) {
      const config = byFunction.get(functionId(handler))!;
      expect(config, handler).toMatchObject({
        Qualifier: '$LATEST',
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
      expect(config.MaximumEventAgeInSeconds, handler).toBeLessThanOrEqual(3600);
      expect(config.MaximumEventAgeInSeconds).toBe(scheduledRunRetries.maxEventAgeSeconds);
    }
  });

  it('keeps the runs encrypted, TLS-only, for 14 days, retained outside dev', () => {
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    // A standard queue: Lambda cannot deliver records to a FIFO queue.
    expect(queue.FifoQueue).toBeUndefined();
    expect(resources[queueId]!.DeletionPolicy).toBe(stage === 'dev' ? 'Delete' : 'Retain');
    const [, policy] = onlyResource(template, 'AWS::SQS::QueuePolicy', (properties) =>
      JSON.stringify(properties.Queues).includes(queueId),
    );
    expect(JSON.stringify(policy)).toContain('"aws:SecureTransport":"false"');
  });

  it('lets exactly the scheduled targets’ roles send to it, and nothing more of SQS', () => {
    const sendsToQueue = (roleId: string) =>
      statementsOfRole(roleId).filter((statement) =>
        JSON.stringify(statement.Resource).includes(queueId),
      );
    for (const handler of manifestHandlers()) {
      const statements = sendsToQueue(roleOf(handler));
      if (targets.includes(handler)) {
        expect(statements, handler).toEqual([
          {
            Effect: 'Allow',
            Action: 'sqs:SendMessage',
            Resource: { 'Fn::GetAtt': [queueId, 'Arn'] },
          },
        ]);
      } else {
        expect(statements, handler).toEqual([]);
      }
    }
  });
});
