import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { awsClientConfig, watchDependency } from '../core/aws-clients';
import { env } from '../core/env';

/**
 * Loaded on first use, not with the handler: few requests of the handlers that schedule reach
 * Scheduler (docs/architecture.md, "Cold start").
 */
const schedulerSdk = () => import('./aws-sdk/scheduler');

let client: SchedulerClient | undefined;

/** One client per container; the SDK reads `AWS_ENDPOINT_URL_SCHEDULER` locally. */
async function scheduler(): Promise<SchedulerClient> {
  const { SchedulerClient } = await schedulerSdk();
  client ??= watchDependency(new SchedulerClient(awsClientConfig()), 'Scheduler');
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

/**
 * Scheduler retries a failed invocation (throttling, a target error) for up to this long; a
 * one-time schedule that is late by more than that is pointless anyway.
 */
const RETRY_WINDOW_SECONDS = 15 * 60;
const MAXIMUM_RETRY_ATTEMPTS = 10;

/**
 * A one-time EventBridge Scheduler schedule, deleted by Scheduler once it has run. Flexible
 * window off, so it fires at `at` (Scheduler's own delay is up to about a minute); invocations
 * Scheduler could not deliver are retried and then go to the dead-letter queue when one is
 * configured (`SCHEDULER_DLQ_ARN`), so a lost end is visible rather than silent. A run whose
 * function throws is Lambda's to retry and keep (the failed-runs queue, infra/lib/scheduler.ts).
 */
export async function scheduleOnce(schedule: OneTimeSchedule): Promise<void> {
  const { CreateScheduleCommand } = await schedulerSdk();
  const schedulerClient = await scheduler();
  await schedulerClient.send(new CreateScheduleCommand(scheduleDefinition(schedule)));
}

/** A one-time schedule as Scheduler takes it, for a create or a whole replacement (update). */
function scheduleDefinition(schedule: OneTimeSchedule) {
  const deadLetterArn = env.schedulerDlqArn;
  return {
    Name: schedule.name,
    GroupName: env.scheduleGroup,
    ScheduleExpression: atExpression(schedule.at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: {
      Arn: schedule.targetArn,
      RoleArn: env.schedulerRoleArn,
      Input: JSON.stringify(schedule.input),
      RetryPolicy: {
        MaximumEventAgeInSeconds: RETRY_WINDOW_SECONDS,
        MaximumRetryAttempts: MAXIMUM_RETRY_ATTEMPTS,
      },
      ...(deadLetterArn ? { DeadLetterConfig: { Arn: deadLetterArn } } : {}),
    },
  };
}

/**
 * Moves a one-time schedule to `at` (a meeting extended for a dropped call, docs/adr/0019):
 * Scheduler's UpdateSchedule replaces the whole definition. One that is gone (it ran and deleted
 * itself, or was never made) is created, so the target runs at `at` either way.
 */
export async function moveScheduleOnce(schedule: OneTimeSchedule): Promise<'moved' | 'created'> {
  const { UpdateScheduleCommand, ResourceNotFoundException } = await schedulerSdk();
  const schedulerClient = await scheduler();
  try {
    await schedulerClient.send(new UpdateScheduleCommand(scheduleDefinition(schedule)));
    return 'moved';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await scheduleOnce(schedule);
  return 'created';
}

/**
 * Creates the schedule unless one of that name exists: the caller's idempotent retry (a second
 * start of the same meeting) must not fail on the schedule its first attempt created.
 */
export async function ensureScheduleOnce(schedule: OneTimeSchedule): Promise<'created' | 'exists'> {
  try {
    await scheduleOnce(schedule);
    return 'created';
  } catch (error) {
    if (error instanceof (await schedulerSdk()).ConflictException) return 'exists';
    throw error;
  }
}

/**
 * Deletes a schedule that is no longer wanted (a meeting ended early). One that already ran
 * (and deleted itself) or never existed is fine.
 */
export async function deleteSchedule(name: string): Promise<void> {
  const { DeleteScheduleCommand, ResourceNotFoundException } = await schedulerSdk();
  try {
    const schedulerClient = await scheduler();
    await schedulerClient.send(
      new DeleteScheduleCommand({ Name: name, GroupName: env.scheduleGroup }),
    );
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
