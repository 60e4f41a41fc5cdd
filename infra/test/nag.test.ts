import { readFileSync } from 'node:fs';
import { App, Stack, Validations, type PolicyViolation } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTelehealthApp, nagPacks } from '../lib/app';
import { synth } from './synth';

/*
 * cdk-nag 3 is a policy validation plugin, not an Aspect: its findings are not annotations, so
 * `Annotations.fromStack(stack).findError(...)` would be empty whatever the stack contains.
 * These tests ask the packs directly (`validateScope`), which is what synthesis runs.
 */

/** `error AwsSolutions-S1 at Telehealth-dev/Site/Bucket/Resource`, one line per resource. */
function findings(scope: IConstruct, severity: 'error' | 'warning'): string[] {
  return nagPacks()
    .flatMap((pack) => pack.validateScope(scope).violations)
    .filter((violation: PolicyViolation) => violation.severity === severity)
    .flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${severity} ${violation.ruleName} at ${resource.constructPath}`,
      ),
    );
}

/** Rule ids acknowledged anywhere in the tree, with their reasons. */
function acknowledgments(scope: IConstruct): Map<string, string> {
  const result = new Map<string, string>();
  for (const construct of scope.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        result.set(id.replace(/^annotation::/i, ''), reason);
      }
    }
  }
  return result;
}

describe.each(['dev', 'prod'])('cdk-nag on stage %s', (stage) => {
  const { app, stack } = synth(stage);

  it('reports no unacknowledged AwsSolutions or HIPAA errors', () => {
    expect(findings(app, 'error')).toEqual([]);
  });

  it('reports no unacknowledged warnings either (clean `cdk synth` output)', () => {
    expect(findings(app, 'warning')).toEqual([]);
  });

  it('has no CDK error annotations', () => {
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });
});

describe('acknowledgments', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const { app } = synth('dev');
  const acknowledged = acknowledgments(app);

  it('each carry a written reason', () => {
    expect(acknowledged.size).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) expect(reason.length, id).toBeGreaterThan(40);
  });

  it('are each documented in docs/deployment.md', () => {
    const doc = readFileSync(new URL('../../docs/deployment.md', import.meta.url), 'utf8');
    for (const id of acknowledged.keys()) {
      expect(doc, id).toContain(id.replace(/\[.*$/, ''));
    }
  });

  it('each still match a finding (no stale acknowledgments)', () => {
    vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(() => undefined);
    const bare = createTelehealthApp({
      context: {
        stage: 'dev',
        'aws:cdk:bundling-stacks': [],
        // Without acknowledgments, synthesis must not stop at the report.
        '@aws-cdk/core:failSynthOnValidationErrors': false,
      },
      builtinCloudFormationValidation: false,
    });
    bare.app.synth();
    const raised = new Set(
      nagPacks().flatMap((pack) => pack.validateScope(bare.app).violations.map((v) => v.ruleName)),
    );
    expect([...acknowledged.keys()].filter((id) => !raised.has(id))).toEqual([]);
  });
});

describe('the packs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('run at every synthesis: AWS Solutions, HIPAA Security and Serverless', () => {
    // Spied, not replaced: the app registers its packs as always.
    const addPlugins = vi.spyOn(Validations.prototype, 'addPlugins');
    createTelehealthApp({ context: { 'aws:cdk:bundling-stacks': [] } });
    const registered = addPlugins.mock.calls.flat().map((plugin) => plugin.name);
    expect(registered).toEqual(['AwsSolutions', 'HIPAA.Security', 'Serverless']);
    // The findings above are asked of the same packs.
    expect(nagPacks().map((pack) => pack.name)).toEqual(registered);
  });
});

describe('the check itself', () => {
  it('does report a non-compliant resource', () => {
    const app = new App();
    new s3.Bucket(new Stack(app, 'Probe'), 'Plain');
    const errors = findings(app, 'error');
    expect(errors).toEqual(
      expect.arrayContaining([
        'error AwsSolutions-S1 at Probe/Plain/Resource',
        'error HIPAA.Security-S3BucketVersioningEnabled at Probe/Plain/Resource',
      ]),
    );
  });
});
