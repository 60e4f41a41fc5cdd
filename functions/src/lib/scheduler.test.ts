import * as schedulerSdk from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '../testing/env';
import {
  atExpression,
  deleteSchedule,
  ensureScheduleOnce,
  moveScheduleOnce,
  scheduleOnce,
} from './scheduler';

const scheduler = mockClient(schedulerSdk.SchedulerClient);
const schedule = {
  name: 'meeting-end-1',
  at: new Date('2026-11-25T12:15:00.250Z'),
  targetArn: 'arn:aws:lambda:eu-west-1:1:function:meetings-end-meeting',
  input: { caseId: 'c', meetingId: 'm' },
};

beforeEach(() => {
  scheduler.reset();
  stubEnv({
    SCHEDULE_GROUP: 'telehealth',
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::1:role/scheduler',
    SCHEDULER_DLQ_ARN: '',
  });
});
afterEach(restoreEnv);

describe('one-time schedule expression', () => {
  it('rounds up to the next whole second so the target never runs early', () => {
    expect(atExpression(new Date('2026-11-25T12:00:05.000Z'))).toBe('at(2026-11-25T12:00:05)');
    expect(atExpression(new Date('2026-11-25T12:00:05.001Z'))).toBe('at(2026-11-25T12:00:06)');
    expect(atExpression(new Date('2026-11-25T23:59:59.700Z'))).toBe('at(2026-11-26T00:00:00)');
  });
});

describe('Scheduler adapter', () => {
  it('creates a one-time schedule: window off, deleted after it ran, retried', async () => {
    scheduler.on(schedulerSdk.CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await scheduleOnce(schedule);
    const input = scheduler.commandCalls(schedulerSdk.CreateScheduleCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      Name: 'meeting-end-1',
      GroupName: 'telehealth',
      ScheduleExpression: 'at(2026-11-25T12:15:01)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: schedule.targetArn,
        RoleArn: 'arn:aws:iam::1:role/scheduler',
        Input: JSON.stringify(schedule.input),
      },
    });
    expect(input.Target?.RetryPolicy?.MaximumRetryAttempts).toBeGreaterThan(0);
    expect(input.Target?.DeadLetterConfig).toBeUndefined();
  });

  it('sends failed invocations to the dead-letter queue when one is configured', async () => {
    stubEnv({ SCHEDULER_DLQ_ARN: 'arn:aws:sqs:eu-west-1:1:scheduler-dlq' });
    scheduler.on(schedulerSdk.CreateScheduleCommand).resolves({});
    await scheduleOnce(schedule);
    expect(
      scheduler.commandCalls(schedulerSdk.CreateScheduleCommand)[0]!.args[0].input.Target
        ?.DeadLetterConfig,
    ).toEqual({ Arn: 'arn:aws:sqs:eu-west-1:1:scheduler-dlq' });
  });

  it('treats an existing schedule of the same name as done when ensuring one', async () => {
    scheduler
      .on(schedulerSdk.CreateScheduleCommand)
      .rejects(
        new schedulerSdk.ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }),
      );
    await expect(ensureScheduleOnce(schedule)).resolves.toBe('exists');
    await expect(scheduleOnce(schedule)).rejects.toBeInstanceOf(schedulerSdk.ConflictException);
  });

  it('passes other failures on', async () => {
    scheduler.on(schedulerSdk.CreateScheduleCommand).rejects(new Error('throttled'));
    await expect(ensureScheduleOnce(schedule)).rejects.toThrow('throttled');
  });

  it('moves a schedule by replacing its definition, and creates one that is gone', async () => {
    const later = { ...schedule, at: new Date('2026-11-25T12:17:30.000Z') };
    scheduler
      .on(schedulerSdk.UpdateScheduleCommand)
      .resolvesOnce({ ScheduleArn: 'arn' })
      .rejectsOnce(
        new schedulerSdk.ResourceNotFoundException({
          message: 'ran',
          Message: 'ran',
          $metadata: {},
        }),
      )
      .rejectsOnce(new Error('throttled'));
    scheduler.on(schedulerSdk.CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await expect(moveScheduleOnce(later)).resolves.toBe('moved');
    expect(
      scheduler.commandCalls(schedulerSdk.UpdateScheduleCommand)[0]!.args[0].input,
    ).toMatchObject({
      Name: 'meeting-end-1',
      GroupName: 'telehealth',
      ScheduleExpression: 'at(2026-11-25T12:17:30)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: schedule.targetArn, Input: JSON.stringify(schedule.input) },
    });
    await expect(moveScheduleOnce(later)).resolves.toBe('created');
    expect(
      scheduler.commandCalls(schedulerSdk.CreateScheduleCommand)[0]!.args[0].input,
    ).toMatchObject({
      ScheduleExpression: 'at(2026-11-25T12:17:30)',
    });
    await expect(moveScheduleOnce(later)).rejects.toThrow('throttled');
  });

  it('deletes a schedule in the group, and a missing one is not an error', async () => {
    scheduler
      .on(schedulerSdk.DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(
        new schedulerSdk.ResourceNotFoundException({
          message: 'gone',
          Message: 'gone',
          $metadata: {},
        }),
      )
      .rejectsOnce(new Error('denied'));
    await deleteSchedule('meeting-end-1');
    await deleteSchedule('meeting-end-1');
    await expect(deleteSchedule('meeting-end-1')).rejects.toThrow('denied');
    expect(scheduler.commandCalls(schedulerSdk.DeleteScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'meeting-end-1',
      GroupName: 'telehealth',
    });
  });
});
