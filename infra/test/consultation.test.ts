import { describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import {
  CASE_EXPIRY_FUNCTION,
  CLAIM_RELEASE_FUNCTION,
  SETTLEMENT_FUNCTION,
  adminLogin,
  claimCase,
  endMeeting,
  getCaseStatus,
  joinRoom,
  manualPaymentComplete,
  scheduledTargets,
  startMeetingTimer,
  stripeWebhook,
  testPaymentComplete,
} from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { onlyResource, resourcesOfType, synth, type Resources } from './synth';

/** The consultation's cloud parts (issue 9): Scheduler targets and DLQ (TURN: turn.test.ts). */

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

function functionOf(template: ReturnType<typeof synth>['template'], handler: string) {
  return onlyResource(
    template,
    'AWS::Lambda::Function',
    (properties) => properties.FunctionName === handlerFunctionName('dev', handler),
  );
}

const variablesOf = (fn: Record<string, unknown>) =>
  (fn.Environment as { Variables: Record<string, unknown> }).Variables;

/** All statements of the policies attached to a role. */
function statementsOfRole(policies: Resources, roleId: string): Statement[] {
  return Object.values(policies)
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(
      (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
    );
}

const actionsOf = (statements: Statement[]) =>
  statements.flatMap((statement) => [statement.Action].flat());

describe('consultation infrastructure (stage dev)', () => {
  const { template } = synth('dev');
  const policies = resourcesOfType(template, 'AWS::IAM::Policy');
  const roleOf = (fn: Record<string, unknown>) =>
    (fn.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
  const statementsOf = (handler: string) =>
    statementsOfRole(policies, roleOf(functionOf(template, handler)[1]));
  const [invokeRoleId] = onlyResource(template, 'AWS::IAM::Role', (properties) =>
    JSON.stringify(properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
  );
  const [queueId, queue] = onlyResource(
    template,
    'AWS::SQS::Queue',
    (properties) => properties.QueueName === 'telehealth-dev-scheduler-dlq',
  );

  const scheduleCreators = [
    claimCase.handler,
    stripeWebhook.handler,
    manualPaymentComplete.handler,
    testPaymentComplete.handler,
    startMeetingTimer.handler,
    endMeeting.handler,
  ];
  const paymentHandlers = [
    stripeWebhook.handler,
    manualPaymentComplete.handler,
    testPaymentComplete.handler,
  ];

  it('has the expiry target among the functions Scheduler may invoke', () => {
    expect(scheduledTargets[CASE_EXPIRY_FUNCTION]).toBe('cases/expire-case');
    const invokeStatements = statementsOfRole(policies, invokeRoleId).filter((statement) =>
      actionsOf([statement]).includes('lambda:InvokeFunction'),
    );
    const invoked = JSON.stringify(invokeStatements);
    for (const handler of new Set(Object.values(scheduledTargets))) {
      const [logicalId] = functionOf(template, handler);
      expect(invoked, handler).toContain(logicalId);
    }
    // Nothing else: a handler that is no Scheduler target is not invocable by the role.
    expect(invoked).not.toContain(functionOf(template, adminLogin.handler)[0]);
  });

  it('keeps failed invocations in an encrypted, TLS-only dead-letter queue the role may send to', () => {
    expect(queue).toMatchObject({
      QueueName: 'telehealth-dev-scheduler-dlq',
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    const [, queuePolicy] = onlyResource(template, 'AWS::SQS::QueuePolicy', (properties) =>
      JSON.stringify(properties.Queues).includes(queueId),
    );
    expect(JSON.stringify(queuePolicy)).toContain('"aws:SecureTransport":"false"');
    const send = statementsOfRole(policies, invokeRoleId).find((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    expect(send?.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
  });

  it('gives the functions that create schedules the DLQ, the schedule grants and their target', () => {
    for (const handler of scheduleCreators) {
      const [, fn] = functionOf(template, handler);
      expect(variablesOf(fn).SCHEDULER_DLQ_ARN, handler).toEqual({
        'Fn::GetAtt': [queueId, 'Arn'],
      });
      expect(actionsOf(statementsOf(handler)), handler).toEqual(
        expect.arrayContaining(['scheduler:CreateSchedule', 'iam:PassRole']),
      );
    }
    for (const handler of paymentHandlers) {
      expect(
        JSON.stringify(variablesOf(functionOf(template, handler)[1])[envNames.caseExpiryTargetArn]),
      ).toContain(
        `:function:${handlerFunctionName('dev', scheduledTargets[CASE_EXPIRY_FUNCTION]!)}`,
      );
    }
    expect(
      JSON.stringify(
        variablesOf(functionOf(template, startMeetingTimer.handler)[1]).MEETING_END_TARGET_ARN,
      ),
    ).toContain(':function:telehealth-dev-meetings-end-meeting');
  });

  it('keeps schedule settings and grants off the functions that create no schedule', () => {
    for (const handler of [adminLogin.handler, getCaseStatus.handler]) {
      const variables = variablesOf(functionOf(template, handler)[1]);
      expect(variables.SCHEDULER_DLQ_ARN, handler).toBeUndefined();
      expect(variables[envNames.caseExpiryTargetArn], handler).toBeUndefined();
      expect(actionsOf(statementsOf(handler)), handler).not.toContain('scheduler:CreateSchedule');
    }
    // The release function and the settlement's retry only run when invoked; they schedule
    // nothing (the expiry schedules a failed void's retry, docs/adr/0024).
    for (const target of [CLAIM_RELEASE_FUNCTION, SETTLEMENT_FUNCTION]) {
      const handler = scheduledTargets[target]!;
      expect(actionsOf(statementsOf(handler)), handler).not.toContain('scheduler:CreateSchedule');
    }
  });
});

describe('ICE transport policy per stage', () => {
  const policyOf = (stage: string, context: Record<string, string> = {}) => {
    const [, roomSession] = onlyResource(
      synth(stage, context).template,
      'AWS::Lambda::Function',
      (properties) => properties.FunctionName === handlerFunctionName(stage, joinRoom.handler),
    );
    return variablesOf(roomSession).ICE_TRANSPORT_POLICY;
  };

  it('is relay-only in production, so neither party learns the other’s address', () => {
    expect(policyOf('prod')).toBe('relay');
  });

  // Issue 25 (review L9): a stage not named exactly `prod` may carry real patients too.
  it('is relay-only on every other stage unless the deploy asks for direct paths', () => {
    expect(policyOf('staging')).toBe('relay');
    expect(policyOf('dev')).toBe('relay');
    expect(policyOf('dev', { iceTransportPolicy: 'all' })).toBe('all');
  });
});
