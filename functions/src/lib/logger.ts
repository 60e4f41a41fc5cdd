import { env, type LogLevel } from '../core/env';
import { InvariantError } from '../core/errors';
import { sourceMappedFrames } from './source-mapped-stack';

/**
 * Structured JSON logs, one line per event. Callers pass only operational fields (route,
 * status, durations, ids, error names): never bodies, names, symptoms, emails or tokens.
 */

type Level = LogLevel;
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type LogFields = Record<string, string | number | boolean | null | undefined>;

const enabled = (level: Level) => order[level] >= order[env.logLevel];

function write(level: Level, message: string, fields: LogFields): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

/**
 * One logger per request (`request-context.ts`), so its methods live on the prototype: a
 * request allocates one object for its logger, not a closure per level.
 */
class FieldsLogger implements Logger {
  constructor(private readonly base: LogFields) {}

  private at(level: Level, message: string, fields: LogFields | undefined): void {
    // The level is checked before the fields are merged: a suppressed line (every request's
    // access line below `info`) allocates nothing.
    if (enabled(level)) write(level, message, { ...this.base, ...fields });
  }

  debug(message: string, fields?: LogFields): void {
    this.at('debug', message, fields);
  }

  info(message: string, fields?: LogFields): void {
    this.at('info', message, fields);
  }

  warn(message: string, fields?: LogFields): void {
    this.at('warn', message, fields);
  }

  error(message: string, fields?: LogFields): void {
    this.at('error', message, fields);
  }

  child(fields: LogFields): Logger {
    return new FieldsLogger({ ...this.base, ...fields });
  }
}

export function createLogger(base: LogFields = {}): Logger {
  return new FieldsLogger(base);
}

export const logger = createLogger();

/**
 * What may be logged of an unexpected error: its name and stack frames. The message is dropped
 * because messages can quote input (a DynamoDB validation error echoes values); a message can
 * span lines (a ZodError lists its issues), so only the `at …` frame lines are kept, pointed at
 * our sources (`source-mapped-stack.ts`: the bundles run without `--enable-source-maps`). A broken
 * stored item adds its entity, key and failing field names: ids and names only, no values.
 */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: typeof error };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n')
    .trim();
  const fields: LogFields = { error: error.name, stack: sourceMappedFrames(frames) || undefined };
  if (error instanceof InvariantError) {
    return { ...fields, entity: error.entity, key: error.key, fields: error.fields.join(',') };
  }
  return fields;
}
