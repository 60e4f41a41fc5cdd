import { Template } from 'aws-cdk-lib/assertions';
import { createTelehealthApp, type TelehealthApp } from '../lib/app';
import { productionStage } from '../lib/stage-config';
import { prodContext } from './prod-context';

export interface Synthesized extends TelehealthApp {
  readonly template: Template;
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

const cache = new Map<string, Synthesized>();

/**
 * Synthesizes the app as `cdk synth -c stage=… [-c name=value…]` would, minus two slow parts:
 * asset bundling (`aws:cdk:bundling-stacks: []` skips esbuild for every stack) and CDK's
 * built-in CloudFormation validation. cdk-nag still runs during synthesis. `prod` gets the
 * settings it refuses to synthesize without (`prodContext`), which `context` may override. Cached
 * per stage and context within a test file.
 */
export function synth(stage?: string, context: Record<string, string> = {}): Synthesized {
  const key = JSON.stringify([stage ?? '(default)', context]);
  let result = cache.get(key);
  if (!result) {
    const app = createTelehealthApp({
      context: {
        'aws:cdk:bundling-stacks': [],
        ...(stage ? { stage } : {}),
        ...(stage === productionStage ? prodContext : {}),
        ...context,
      },
      builtinCloudFormationValidation: false,
    });
    result = { ...app, template: Template.fromStack(app.stack) };
    cache.set(key, result);
  }
  return result;
}

export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The one resource of `type` whose properties match `predicate`; fails otherwise. */
export function onlyResource(
  template: Template,
  type: string,
  predicate: (properties: Record<string, unknown>) => boolean = () => true,
): [string, Record<string, unknown>] {
  const matches = Object.entries(resourcesOfType(template, type)).filter(([, resource]) =>
    predicate(resource.Properties ?? {}),
  );
  if (matches.length !== 1) {
    throw new Error(`Expected exactly one ${type}, found ${matches.length}`);
  }
  const [logicalId, resource] = matches[0]!;
  return [logicalId, resource.Properties ?? {}];
}
