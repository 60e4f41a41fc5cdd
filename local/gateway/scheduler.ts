import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeJson } from './http-events';

/** The part of an EventBridge Scheduler schedule the product uses: a one-time `at(...)`. */
export interface StoredSchedule {
  name: string;
  groupName: string;
  /** Epoch milliseconds, UTC. */
  fireAt: number;
  targetArn: string;
  input: string | undefined;
  deleteAfterCompletion: boolean;
  /** Set once fired and kept (ActionAfterCompletion NONE), so a restart never fires it twice. */
  completed?: boolean;
}

export type ScheduleTargetInvoker = (targetArn: string, input: unknown) => Promise<void>;

/** `at(2026-11-21T10:15:00)`: Scheduler's one-time expression, in UTC unless a zone is given. */
export function parseAtExpression(expression: string, timeZone?: string): number | null {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression.trim());
  if (!match) return null;
  if (timeZone && timeZone !== 'UTC' && timeZone !== 'Etc/UTC') return null;
  const time = Date.parse(`${match[1]}Z`);
  return Number.isNaN(time) ? null : time;
}

/** setTimeout cannot wait longer than ~24.8 days; longer waits re-arm in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The local EventBridge Scheduler: `POST /schedules/{Name}` (CreateSchedule), `PUT`
 * (UpdateSchedule) and `DELETE` (DeleteSchedule) as the AWS SDK sends them, firing the target at
 * the `at(...)` time. Schedules are kept in a JSON file, so they survive a restart and one that
 * fell due while the stack was down fires as soon as it is back.
 */
export class LocalScheduler {
  private readonly schedules = new Map<string, StoredSchedule>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly invokeTarget: ScheduleTargetInvoker,
    private readonly onError: (schedule: StoredSchedule, error: unknown) => void = () => {},
  ) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'schedules.json');
    for (const schedule of this.load()) {
      this.schedules.set(this.keyOf(schedule.groupName, schedule.name), schedule);
      if (!schedule.completed) this.arm(schedule);
    }
  }

  list(): StoredSchedule[] {
    return [...this.schedules.values()];
  }

  create(schedule: StoredSchedule): 'created' | 'exists' {
    const key = this.keyOf(schedule.groupName, schedule.name);
    if (this.schedules.has(key)) return 'exists';
    this.schedules.set(key, schedule);
    this.save();
    this.arm(schedule);
    return 'created';
  }

  /**
   * Replaces a schedule (UpdateSchedule): it fires at its new time only, as Scheduler's does
   * (a meeting's end moved for a dropped call). False when there is none to replace.
   */
  update(schedule: StoredSchedule): boolean {
    const key = this.keyOf(schedule.groupName, schedule.name);
    if (!this.schedules.has(key)) return false;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.schedules.set(key, schedule);
    this.save();
    this.arm(schedule);
    return true;
  }

  delete(groupName: string, name: string): boolean {
    const key = this.keyOf(groupName, name);
    const existed = this.schedules.delete(key);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (existed) this.save();
    return existed;
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Serves the Scheduler API paths; returns false when the request is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): boolean {
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    const name = decodeURIComponent(match[1]!);
    if (req.method === 'POST' || req.method === 'PUT') {
      this.handleWrite(res, name, body, req.method === 'PUT' ? 'update' : 'create');
      return true;
    }
    if (req.method === 'DELETE') {
      const groupName = url.searchParams.get('groupName') ?? 'default';
      if (this.delete(groupName, name)) writeJson(res, 200, {});
      else notFound(res, name);
      return true;
    }
    if (req.method === 'GET') {
      const schedule = this.schedules.get(
        this.keyOf(url.searchParams.get('groupName') ?? 'default', name),
      );
      if (!schedule) notFound(res, name);
      else
        writeJson(res, 200, {
          Name: schedule.name,
          GroupName: schedule.groupName,
          Arn: this.arnOf(schedule),
          ScheduleExpression: `at(${new Date(schedule.fireAt).toISOString().slice(0, 19)})`,
          Target: { Arn: schedule.targetArn, Input: schedule.input },
          State: 'ENABLED',
        });
      return true;
    }
    return false;
  }

  private handleWrite(
    res: ServerResponse,
    name: string,
    body: Buffer,
    action: 'create' | 'update',
  ): void {
    let request: {
      ScheduleExpression?: string;
      ScheduleExpressionTimezone?: string;
      GroupName?: string;
      ActionAfterCompletion?: string;
      Target?: { Arn?: string; Input?: string };
    };
    try {
      request = JSON.parse(body.toString('utf8') || '{}') as typeof request;
    } catch {
      validation(res, 'Request body is not valid JSON');
      return;
    }
    const fireAt = parseAtExpression(
      request.ScheduleExpression ?? '',
      request.ScheduleExpressionTimezone,
    );
    if (fireAt === null) {
      validation(res, 'Only one-time at(yyyy-mm-ddThh:mm:ss) expressions in UTC are supported');
      return;
    }
    if (!request.Target?.Arn) {
      validation(res, 'Target.Arn is required');
      return;
    }
    const schedule: StoredSchedule = {
      name,
      groupName: request.GroupName ?? 'default',
      fireAt,
      targetArn: request.Target.Arn,
      input: request.Target.Input,
      deleteAfterCompletion: request.ActionAfterCompletion === 'DELETE',
    };
    if (action === 'update') {
      if (this.update(schedule)) writeJson(res, 200, { ScheduleArn: this.arnOf(schedule) });
      else notFound(res, name);
      return;
    }
    if (this.create(schedule) === 'exists') {
      writeJson(
        res,
        409,
        { Message: `Schedule ${name} already exists.` },
        {
          'x-amzn-errortype': 'ConflictException',
        },
      );
      return;
    }
    writeJson(res, 200, { ScheduleArn: this.arnOf(schedule) });
  }

  private arm(schedule: StoredSchedule): void {
    const key = this.keyOf(schedule.groupName, schedule.name);
    const wait = Math.max(0, schedule.fireAt - Date.now());
    const timer = setTimeout(
      () => (wait > MAX_TIMER_MS ? this.arm(schedule) : void this.fire(schedule)),
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  private async fire(schedule: StoredSchedule): Promise<void> {
    const key = this.keyOf(schedule.groupName, schedule.name);
    this.timers.delete(key);
    try {
      await this.invokeTarget(
        schedule.targetArn,
        schedule.input === undefined ? {} : (JSON.parse(schedule.input) as unknown),
      );
    } catch (error) {
      this.onError(schedule, error);
    }
    // A one-time schedule runs once, like Scheduler's; completed ones are deleted on request.
    if (schedule.deleteAfterCompletion) {
      this.delete(schedule.groupName, schedule.name);
    } else if (this.schedules.get(key) === schedule) {
      schedule.completed = true;
      this.save();
    }
  }

  private keyOf(groupName: string, name: string): string {
    return `${groupName}/${name}`;
  }

  private arnOf(schedule: StoredSchedule): string {
    return `arn:aws:scheduler:us-east-1:000000000000:schedule/${schedule.groupName}/${schedule.name}`;
  }

  private load(): StoredSchedule[] {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as StoredSchedule[];
    } catch {
      return [];
    }
  }

  private save(): void {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.list(), null, 2));
    renameSync(temporary, this.file);
  }
}

function validation(res: ServerResponse, message: string): void {
  writeJson(res, 400, { Message: message }, { 'x-amzn-errortype': 'ValidationException' });
}

function notFound(res: ServerResponse, name: string): void {
  writeJson(
    res,
    404,
    { Message: `Schedule ${name} does not exist.` },
    {
      'x-amzn-errortype': 'ResourceNotFoundException',
    },
  );
}
