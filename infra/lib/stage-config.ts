import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
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
   * TURN, so neither party learns the other's address; production keeps it, other stages allow
   * direct paths too (`-c iceTransportPolicy=relay|all`).
   */
  readonly iceTransportPolicy: IceTransportPolicy;
  /**
   * `TRIAGE_REGION` of the symptom analyser (spec doc 1 §9): `sub-saharan` turns its regional
   * rule on; `default` (unset) leaves it off (`-c triageRegion=default|sub-saharan`).
   */
  readonly triageRegion: RegionSetting;
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
  readonly alarmEmail?: string;
}

function parseIcePolicy(stage: string, value: string | undefined): IceTransportPolicy {
  if (value === undefined) return stage === 'prod' ? 'relay' : 'all';
  if (value === 'all' || value === 'relay') return value;
  throw new Error(`Invalid iceTransportPolicy ${JSON.stringify(value)}: use all or relay.`);
}

function parseAlarmEmail(value: string | undefined): string | undefined {
  if (value === undefined || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return value;
  throw new Error(`Invalid alarmEmail ${JSON.stringify(value)}: use one email address.`);
}

export function stageConfig(stage: string, context: StageContext = {}): StageConfig {
  const isDev = stage === 'dev';
  return {
    stage,
    isDev,
    removalPolicy: isDev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    logRetention: isDev ? RetentionDays.ONE_MONTH : RetentionDays.ONE_YEAR,
    accessLogExpirationDays: isDev ? 30 : 400,
    logLevel: isDev ? 'debug' : 'info',
    stripePublishableKey: context.stripePublishableKey ?? 'pk_test_unset',
    supportEmail: context.supportEmail ?? 'support@telehealth.example',
    sesFrom: context.sesFrom ?? 'no-reply@telehealth.example',
    iceTransportPolicy: parseIcePolicy(stage, context.iceTransportPolicy),
    // An unknown region fails the synth: a typo must not silently turn the rule off.
    triageRegion: parseRegionSetting(context.triageRegion, 'triageRegion'),
    customDomain: parseCustomDomain(context),
    alarmEmail: parseAlarmEmail(context.alarmEmail),
  };
}

/** `telehealth-{stage}`: the prefix of every physical name in a stage. */
export function resourcePrefix(stage: string): string {
  return `telehealth-${stage}`;
}
