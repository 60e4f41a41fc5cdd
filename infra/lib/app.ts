import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, ServerlessChecks, type NagPack } from 'cdk-nag';
import { EdgeStack, edgeStackName } from './edge-stack';
import { featureFlags } from './feature-flags';
import { parseStage, stageConfigOf } from './stage-config';
import { stackName, TelehealthStack } from './telehealth-stack';

export interface TelehealthAppOptions {
  /** Extra context, e.g. `{ stage: 'prod' }` or the bundling switch in tests. */
  readonly context?: Record<string, unknown>;
  readonly outdir?: string;
  /**
   * CDK's built-in CloudFormation template validation (on by default). It finds nothing cdk-nag
   * and the template assertions do not, and costs several seconds per synthesis, so the tests
   * turn it off.
   */
  readonly builtinCloudFormationValidation?: boolean;
}

export interface TelehealthApp {
  readonly app: App;
  readonly stack: TelehealthStack;
  /** `Telehealth-{stage}-edge` in us-east-1: the CloudFront web ACL (docs/adr/0006). */
  readonly edgeStack: EdgeStack;
  readonly stage: string;
}

/**
 * The cdk-nag packs every synthesis runs (the tests ask the same ones): AWS Solutions, HIPAA
 * Security, and Serverless (async failure handling, memory, timeouts, tracing, log retention,
 * API logging and throttling).
 */
export function nagPacks(): NagPack[] {
  return [new AwsSolutionsChecks(), new HIPAASecurityChecks(), new ServerlessChecks()];
}

/**
 * The CDK app: the stack `Telehealth-{stage}` (stage from `-c stage=…`, default `dev`) and its
 * edge stack `Telehealth-{stage}-edge` (the WAF web ACL, in us-east-1), with the cdk-nag packs
 * of `nagPacks()`. `bin/app.ts` and the tests both build it here,
 * so the tests check exactly what `cdk synth` produces.
 */
export function createTelehealthApp(options: TelehealthAppOptions = {}): TelehealthApp {
  const app = new App({
    // cdk.json and `-c` take precedence over these.
    context: { ...featureFlags, ...options.context },
    outdir: options.outdir,
    builtinCloudFormationValidation: options.builtinCloudFormationValidation,
  });
  const stage = parseStage(app.node.tryGetContext('stage'));

  // The web ACL first, in us-east-1 (CloudFront's region); `cdk deploy` of the main stack
  // deploys it first, and the main stack reads its ARN at deploy time.
  const config = stageConfigOf(app, stage);
  const edgeStack = new EdgeStack(app, edgeStackName(stage), { config });
  // Environment-agnostic: synthesizes offline, deploys to the CLI's account and region.
  const stack = new TelehealthStack(app, stackName(stage), { stage });
  stack.addStackDependency(edgeStack, 'CloudFront needs the web ACL of the edge stack');
  for (const tagged of [stack, edgeStack]) {
    Tags.of(tagged).add('project', 'telehealth');
    Tags.of(tagged).add('stage', stage);
  }

  // cdk-nag 3 runs as a policy validation plugin at synthesis (it replaced the v2 Aspects).
  Validations.of(app).addPlugins(...nagPacks());
  return { app, stack, edgeStack, stage };
}
