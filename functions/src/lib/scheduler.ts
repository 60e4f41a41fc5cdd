import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { env } from './env';

let client: SchedulerClient | undefined;

/** One client per container; the SDK reads `AWS_ENDPOINT_URL_SCHEDULER` locally. */
function scheduler(): SchedulerClient {
  client ??= new SchedulerClient({});
  return client;
}

/**
 * Scheduler's `at()` has whole seconds and fires at the start of the second, so the time is
 * rounded up: the target never runs before `at`.
 */
export function atExpression(at: Date): string {
  const seconds = Math.ceil(at.getTime() / 1000);
  return `at(${new Date(seconds * 1000).toISOString().slice(0, 19)})`;
}

export interface OneTimeSchedule {
  /** Unique in the group: 1-64 of `[0-9a-zA-Z-_.]`. */
  name: string;
  at: Date;
  targetArn: string;
  input: unknown;
}

/** A one-time EventBridge Scheduler schedule, deleted by Scheduler once it has run. */
export async function scheduleOnce(schedule: OneTimeSchedule): Promise<void> {
  await scheduler().send(
    new CreateScheduleCommand({
      Name: schedule.name,
      GroupName: env.scheduleGroup,
      ScheduleExpression: atExpression(schedule.at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: schedule.targetArn,
        RoleArn: env.schedulerRoleArn,
        Input: JSON.stringify(schedule.input),
      },
    }),
  );
}
