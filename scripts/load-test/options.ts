import { parseArgs } from 'node:util';
import { WEBSOCKET_PATH } from '@shared/realtime/api';
import { designPopulation, type Population } from './plan';

/**
 * The command line of `npm run load-test -- <seed|run|cleanup> …` (docs/load-test.md), parsed
 * into what each command needs. Refuses a stage named `prod` unless `--allow-prod` says so:
 * the test writes cases and doctors into the stage's table and loads it to its limits.
 */
export class UsageError extends Error {}

export const PROD_STAGE = 'prod';

/** Where the actors and the environment come from, for the commands that touch the table. */
export type EnvironmentSource = { functionName: string } | { envFile: string };

export interface SeedCommand {
  command: 'seed';
  stage: string;
  tag: string;
  population: Population;
  actorsFile: string;
  environment: EnvironmentSource | null;
}

export interface RunCommand {
  command: 'run';
  stage: string;
  baseUrl: string;
  wsUrl: string;
  actorsFile: string;
  /** Each population figure, when not the whole seeded set. */
  target: Partial<Population>;
  steps: number;
  stepSeconds: number;
  timeScale: number;
  timeoutMs: number;
  maxErrorRate: number;
  maxP99Ms: number;
  shard: { index: number; count: number };
  /** Tickets, sockets, sign-ins and call set-ups at once while a step sets up. */
  setUpConcurrency: number;
  outDir: string;
}

export interface CleanupCommand {
  command: 'cleanup';
  stage: string;
  actorsFile: string;
  environment: EnvironmentSource | null;
}

export type Command = SeedCommand | RunCommand | CleanupCommand;

export const usage = `Usage:
  npm run load-test -- seed    --stage <stage> --target-waiting <n> [--doctors <n>] [--calls <n>]
                               [--actors <file>] [--tag <tag>] [--env-from-function <name> | --env-file <json>]
  npm run load-test -- run     --stage <stage> --base-url <https://…> [--ws-url <wss://…/ws>] [--actors <file>]
                               [--steps 5] [--step-seconds 120] [--max-error-rate 0.01] [--max-p99-ms 2000]
                               [--patients <n>] [--doctors <n>] [--calls <n>] [--shard <i>/<n>]
                               [--time-scale 1] [--timeout-ms 10000] [--set-up-concurrency 50] [--out <dir>]
  npm run load-test -- cleanup --stage <stage> [--actors <file>] [--env-from-function <name> | --env-file <json>]
Every command refuses the stage "${PROD_STAGE}" unless --allow-prod is given.`;

function whole(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${name} must be a whole number`);
  return parsed;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new UsageError(`--${name} must be a positive number`);
  return parsed;
}

function fraction(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!(parsed >= 0 && parsed <= 1)) throw new UsageError(`--${name} must be between 0 and 1`);
  return parsed;
}

function shardOf(value: string | undefined): { index: number; count: number } {
  if (value === undefined) return { index: 0, count: 1 };
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError('--shard must be <i>/<n> with 1 ≤ i ≤ n');
  }
  return { index: index - 1, count };
}

/** `/ws` on the base URL's host, `wss:` for `https:` (CloudFront's `/ws` behaviour). */
export function defaultWsUrl(baseUrl: string): string {
  const url = new URL(WEBSOCKET_PATH, baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function httpUrl(name: string, value: string | undefined, protocols: string[]): string {
  if (!value) throw new UsageError(`--${name} is required`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--${name} is not a URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new UsageError(`--${name} must be ${protocols.join(' or ')}`);
  }
  return url.toString();
}

export function parseCommand(argv: string[], now = Date.now()): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      'allow-prod': { type: 'boolean', default: false },
      actors: { type: 'string' },
      tag: { type: 'string' },
      'env-from-function': { type: 'string' },
      'env-file': { type: 'string' },
      'target-waiting': { type: 'string' },
      patients: { type: 'string' },
      doctors: { type: 'string' },
      calls: { type: 'string' },
      'base-url': { type: 'string' },
      'ws-url': { type: 'string' },
      steps: { type: 'string' },
      'step-seconds': { type: 'string' },
      'time-scale': { type: 'string' },
      'timeout-ms': { type: 'string' },
      'max-error-rate': { type: 'string' },
      'max-p99-ms': { type: 'string' },
      shard: { type: 'string' },
      'set-up-concurrency': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const [command] = positionals;
  const stage = values.stage;
  if (!stage) throw new UsageError('--stage is required');
  if (stage === PROD_STAGE && !values['allow-prod']) {
    throw new UsageError(
      `Refusing to load the "${PROD_STAGE}" stage: the test writes cases and doctors into its table and loads it to its limits. Add --allow-prod if that is really meant.`,
    );
  }
  const actorsFile = values.actors ?? `.load-test/${stage}-actors.json`;
  const environment: EnvironmentSource | null = values['env-file']
    ? { envFile: values['env-file'] }
    : values['env-from-function']
      ? { functionName: values['env-from-function'] }
      : null;
  switch (command) {
    case 'seed': {
      const waiting = whole('target-waiting', values['target-waiting']);
      const design = designPopulation(waiting);
      const population = {
        patients: waiting,
        doctors: whole('doctors', values.doctors, design.doctors),
        calls: whole('calls', values.calls, design.calls),
      };
      if (population.calls > population.doctors) {
        throw new UsageError(
          '--calls may not exceed --doctors: each call needs a doctor of its own',
        );
      }
      const tag = values.tag ?? now.toString(36);
      if (!/^[a-z0-9-]{1,20}$/.test(tag)) throw new UsageError('--tag: 1-20 of a-z, 0-9 and -');
      return { command, stage, tag, population, actorsFile, environment };
    }
    case 'run': {
      const baseUrl = httpUrl('base-url', values['base-url'], ['https:', 'http:']);
      const optional = (name: 'patients' | 'doctors' | 'calls') =>
        values[name] === undefined ? {} : { [name]: whole(name, values[name]) };
      return {
        command,
        stage,
        baseUrl,
        wsUrl: values['ws-url']
          ? httpUrl('ws-url', values['ws-url'], ['wss:', 'ws:'])
          : defaultWsUrl(baseUrl),
        actorsFile,
        target: { ...optional('patients'), ...optional('doctors'), ...optional('calls') },
        steps: Math.max(1, whole('steps', values.steps, 5)),
        stepSeconds: positive('step-seconds', values['step-seconds'], 120),
        timeScale: positive('time-scale', values['time-scale'], 1),
        timeoutMs: positive('timeout-ms', values['timeout-ms'], 10_000),
        maxErrorRate: fraction('max-error-rate', values['max-error-rate'], 0.01),
        maxP99Ms: positive('max-p99-ms', values['max-p99-ms'], 2_000),
        shard: shardOf(values.shard),
        setUpConcurrency: Math.max(
          1,
          whole('set-up-concurrency', values['set-up-concurrency'], 50),
        ),
        outDir:
          values.out ?? `.load-test/${stage}-${new Date(now).toISOString().replace(/[:.]/g, '-')}`,
      };
    }
    case 'cleanup':
      return { command, stage, actorsFile, environment };
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command ?? '')}`);
  }
}
