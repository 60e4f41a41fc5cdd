import { RemovalPolicy } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DEFAULT_WAIT_PROMISE_MINUTES } from '../../shared/src/payments/money';
import { parseRegionSetting } from '../../shared/src/triage/regions';
import type { RegionSetting } from '../../shared/src/triage/types';
import { parseCustomDomain, type CustomDomain, type CustomDomainContext } from './custom-domain';

/** The stage used when `-c stage=...` is not given (cdk.json says the same). */
export const defaultStage = 'dev';

/**
 * Stage names end up in resource names (table, buckets, functions, schedule group), so they are
 * short, lowercase and DNS-safe: S3 bucket names allow nothing else.
 */
const stagePattern = /^[a-z][a-z0-9-]{0,14}[a-z0-9]$|^[a-z]$/;

export function parseStage(value: unknown): string {
  const stage = value === undefined ? defaultStage : value;
  if (typeof stage !== 'string' || !stagePattern.test(stage)) {
    throw new Error(
      `Invalid stage ${JSON.stringify(stage)}: use 1-16 lowercase letters, digits or hyphens, ` +
        'starting with a letter (e.g. -c stage=prod).',
    );
  }
  return stage;
}

/** Settings that differ between a throwaway development stage and the others. */
export interface StageConfig {
  readonly stage: string;
  /** `dev` may be destroyed with its data; every other stage keeps data on stack deletion. */
  readonly isDev: boolean;
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** S3 server access logs expire after this many days (CloudFront's after a week). */
  readonly accessLogExpirationDays: number;
  readonly logLevel: 'debug' | 'info';
  /** Stripe's publishable key for the stage (`-c stripePublishableKey=pk_live_...`). */
  readonly stripePublishableKey: string;
  /** Shown to patients wherever the spec says {email} (`-c supportEmail=...`). */
  readonly supportEmail: string;
  /** The SES sender of doctor emails (`-c sesFrom=no-reply@example.org`). */
  readonly sesFrom: string;
  /**
   * `ICE_TRANSPORT_POLICY` of the video rooms (DESIGN.md §7): `relay` sends every call through
   * TURN, so neither party learns the other's address. Every stage has it unless the deploy says
   * `-c iceTransportPolicy=all` (direct paths too: for a development stage without patients).
   */
  readonly iceTransportPolicy: IceTransportPolicy;
  /**
   * `TRIAGE_REGION` of the symptom analyser (spec doc 1 §9): `sub-saharan` turns its regional
   * rule on; `default` (unset) leaves it off (`-c triageRegion=default|sub-saharan`).
   */
  readonly triageRegion: RegionSetting;
  /**
   * `WAIT_PROMISE_MINUTES` (issue 28 item 3, docs/adr/0025): a case no doctor started this long
   * after its authorization is not charged (`-c waitPromiseMinutes=30`, the default).
   */
  readonly waitPromiseMinutes: number;
  /**
   * The app's own host name and its certificate (`-c domainName=… -c certificateArn=…`);
   * without one, CloudFront's `*.cloudfront.net` name and certificate (docs/deployment.md).
   */
  readonly customDomain?: CustomDomain;
  /**
   * Where alarm notifications go besides the stage's SNS topic (`-c alarmEmail=ops@…`): an
   * email subscription the address must confirm (docs/deployment.md). None when unset.
   */
  readonly alarmEmail?: string;
}

export type IceTransportPolicy = 'all' | 'relay';

export interface StageContext extends CustomDomainContext {
  readonly stripePublishableKey?: string;
  readonly supportEmail?: string;
  readonly sesFrom?: string;
  readonly iceTransportPolicy?: string;
  readonly triageRegion?: string;
  readonly waitPromiseMinutes?: string;
  readonly alarmEmail?: string;
}

/**
 * Relay-only unless asked otherwise, whatever the stage is called (issue 25, review L9): a
 * `production`, `staging` or `eu-prod` stage may carry real patients as well as `prod` does.
 */
function parseIcePolicy(value: string | undefined): IceTransportPolicy {
  if (value === undefined) return 'relay';
  if (value === 'all' || value === 'relay') return value;
  throw new Error(`Invalid iceTransportPolicy ${JSON.stringify(value)}: use all or relay.`);
}

/** A positive number of minutes; a typo fails the synth instead of silently using 30. */
function parseWaitPromiseMinutes(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WAIT_PROMISE_MINUTES;
  const minutes = Number(value);
  if (value.trim() !== '' && Number.isFinite(minutes) && minutes > 0) return minutes;
  throw new Error(
    `Invalid waitPromiseMinutes ${JSON.stringify(value)}: use a positive number of minutes.`,
  );
}

function parseAlarmEmail(value: string | undefined): string | undefined {
  if (value === undefined || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return value;
  throw new Error(`Invalid alarmEmail ${JSON.stringify(value)}: use one email address.`);
}

/** The stage patients use: it may not deploy with the development placeholders below. */
export const productionStage = 'prod';

/**
 * What a stage gets when the context leaves a value out. Fine for dev and test stages; `prod`
 * refuses each of them (`requireProductionSettings`), because a deploy would come up looking
 * healthy while payments, doctor emails or the support address silently do not work.
 */
export const placeholders = {
  stripePublishableKey: 'pk_test_unset',
  supportEmail: 'support@telehealth.example',
  sesFrom: 'no-reply@telehealth.example',
} as const;

/**
 * `prod` serves patients: it needs its own domain (the only way CloudFront refuses TLS 1.0/1.1:
 * `TLSv1.2_2021` needs a certificate of ours) and real values where other stages get
 * placeholders. Each missing one fails `cdk synth` with the `-c` option that sets it.
 */
function requireProductionSettings(context: StageContext, customDomain?: CustomDomain): void {
  const problems: string[] = [];
  if (!customDomain) {
    problems.push(
      '-c domainName=… -c certificateArn=… (a custom domain with an ACM certificate in ' +
        'us-east-1: without one CloudFront also accepts TLS 1.0 and 1.1; TLSv1.2_2021 needs it)',
    );
  }
  const refuse = (name: keyof typeof placeholders, what: string) => {
    const value = context[name];
    if (value === undefined || value === placeholders[name]) {
      problems.push(`-c ${name}=… (${what}; not the placeholder ${placeholders[name]})`);
    }
  };
  refuse('stripePublishableKey', 'the live Stripe publishable key, pk_live_…');
  refuse('supportEmail', 'the address shown to patients');
  refuse('sesFrom', 'the verified SES sender of doctor emails');
  if (problems.length > 0) {
    throw new Error(
      `Stage ${productionStage} needs settings it has no safe default for ` +
        `(docs/deployment.md, "First deploy checklist"):\n  ${problems.join('\n  ')}`,
    );
  }
}

export function stageConfig(stage: string, context: StageContext = {}): StageConfig {
  const isDev = stage === 'dev';
  const customDomain = parseCustomDomain(context);
  if (stage === productionStage) requireProductionSettings(context, customDomain);
  return {
    stage,
    isDev,
    removalPolicy: isDev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    logRetention: isDev ? RetentionDays.ONE_MONTH : RetentionDays.ONE_YEAR,
    accessLogExpirationDays: isDev ? 30 : 400,
    logLevel: isDev ? 'debug' : 'info',
    stripePublishableKey: context.stripePublishableKey ?? placeholders.stripePublishableKey,
    supportEmail: context.supportEmail ?? placeholders.supportEmail,
    sesFrom: context.sesFrom ?? placeholders.sesFrom,
    iceTransportPolicy: parseIcePolicy(context.iceTransportPolicy),
    // An unknown region fails the synth: a typo must not silently turn the rule off.
    triageRegion: parseRegionSetting(context.triageRegion, 'triageRegion'),
    waitPromiseMinutes: parseWaitPromiseMinutes(context.waitPromiseMinutes),
    customDomain,
    alarmEmail: parseAlarmEmail(context.alarmEmail),
  };
}

/** The `-c name=value` settings a stage reads (cdk.json and the command line). */
const contextNames = [
  'stripePublishableKey',
  'supportEmail',
  'sesFrom',
  'iceTransportPolicy',
  'triageRegion',
  'waitPromiseMinutes',
  'domainName',
  'certificateArn',
  'hostedZoneId',
  'hostedZoneName',
  'alarmEmail',
] as const satisfies readonly (keyof StageContext)[];

/**
 * The stage's settings from the context of `scope`: both stacks of a stage read them here, so
 * they agree (and `prod`'s requirements fail the synth once, before any stack exists).
 */
export function stageConfigOf(scope: IConstruct, stage: string): StageConfig {
  const context: Record<string, string> = {};
  for (const name of contextNames) {
    const value: unknown = scope.node.tryGetContext(name);
    if (typeof value === 'string' && value) context[name] = value;
    // cdk.json may hold a number (`"waitPromiseMinutes": 30`); `-c` always gives a string.
    if (typeof value === 'number') context[name] = String(value);
  }
  return stageConfig(stage, context);
}

/** `telehealth-{stage}`: the prefix of every physical name in a stage. */
export function resourcePrefix(stage: string): string {
  return `telehealth-${stage}`;
}
