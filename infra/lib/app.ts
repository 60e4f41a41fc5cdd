import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { featureFlags } from './feature-flags';
import { parseStage } from './stage-config';
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
  readonly stage: string;
}

/**
 * The CDK app: one stack `Telehealth-{stage}` (stage from `-c stage=…`, default `dev`) with the
 * cdk-nag AWS Solutions and HIPAA Security packs. `bin/app.ts` and the tests both build it here,
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

  // Environment-agnostic: synthesizes offline, deploys to the CLI's account and region.
  const stack = new TelehealthStack(app, stackName(stage), { stage });
  Tags.of(stack).add('project', 'telehealth');
  Tags.of(stack).add('stage', stage);

  // cdk-nag 3 runs as a policy validation plugin at synthesis (it replaced the v2 Aspects).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
  return { app, stack, stage };
}
