import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { createTelehealthApp } from '../lib/app';
import { placeholders } from '../lib/stage-config';
import { prodContext } from './prod-context';
import { resourcesOfType, synth } from './synth';

/*
 * Issue 24 item 7: the deploy path works on a fresh account as docs/deployment.md writes it. The
 * names and policies the document hands to an operator are checked against what `cdk synth`
 * writes for `prod`: the templates, and the cloud assembly's manifests (the roles `cdk deploy`
 * assumes).
 */

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const deploymentDoc = read('docs/deployment.md');

interface PolicyDocument {
  Statement: {
    Sid?: string;
    Effect: string;
    Action: string | string[];
    Resource: string | string[];
  }[];
}
const policy = (file: string) => JSON.parse(read(file)) as PolicyDocument;
const list = (value: string | string[]) => [value].flat();

/** The "First deploy checklist" section, up to the next heading of its level. */
function checklist(): string {
  const start = deploymentDoc.indexOf('## First deploy checklist');
  expect(start).toBeGreaterThan(0);
  const end = deploymentDoc.indexOf('\n## ', start + 1);
  return deploymentDoc.slice(start, end === -1 ? undefined : end);
}

/** An IAM ARN pattern (`*` any run of characters) as a regular expression. */
const arnPattern = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** Synthesizes `prod` into a directory, as `cdk synth -c stage=prod …` does (no bundling). */
const outdir = mkdtempSync(path.join(tmpdir(), 'deploy-path-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
createTelehealthApp({
  context: { stage: 'prod', ...prodContext, 'aws:cdk:bundling-stacks': [] },
  outdir,
  builtinCloudFormationValidation: false,
}).app.synth();
const assemblyFile = (name: string) =>
  JSON.parse(readFileSync(path.join(outdir, name), 'utf8')) as Record<string, unknown>;

describe('the secrets docs/deployment.md tells operators to write or read', () => {
  const { template } = synth('prod');
  const stackSecrets = Object.values(resourcesOfType(template, 'AWS::SecretsManager::Secret')).map(
    (secret) => secret.Properties?.Name as string,
  );

  it('are secrets of the stack, by name', () => {
    // `telehealth-{stage}/x` and `telehealth-prod/x`, in prose, tables and commands.
    const named = [...deploymentDoc.matchAll(/telehealth-(?:\{stage\}|prod)\/([a-z][a-z-]*)/g)].map(
      (match) => `telehealth-prod/${match[1]}`,
    );
    expect(named.length).toBeGreaterThan(5);
    expect([...new Set(named)].filter((name) => !stackSecrets.includes(name))).toEqual([]);
  });

  it('include the Stripe secret in the checklist’s write and check commands', () => {
    const steps = checklist();
    expect(steps).toContain('telehealth-{stage}/stripe');
    expect(steps).toContain('--secret-id telehealth-prod/stripe');
  });
});

describe('the first deploy checklist', () => {
  const steps = checklist();

  it('names every setting prod refuses to synthesize without', () => {
    for (const name of ['domainName', 'certificateArn', ...Object.keys(placeholders)]) {
      expect(steps, name).toContain(`-c ${name}=`);
    }
  });

  it('bootstraps both regions with the repository’s execution policy', () => {
    expect(steps).toContain('infra/bootstrap/execution-policy.json');
    expect(steps.match(/--cloudformation-execution-policies/g)?.length).toBeGreaterThanOrEqual(2);
    expect(steps).toContain('aws://ACCOUNT/us-east-1');
  });

  it('checks the account quotas a fresh account fails on', () => {
    expect(steps).toMatch(/CloudFront[^.]*verif/);
    expect(steps).toMatch(/Lambda[^.]*concurren/i);
    expect(steps).toContain('get-account-settings');
  });
});

describe('infra/bootstrap/deploy-role-policy.json (the CI deploy role)', () => {
  const document = policy('infra/bootstrap/deploy-role-policy.json');
  const assumable = document.Statement.filter((s) =>
    list(s.Action).includes('sts:AssumeRole'),
  ).flatMap((s) => list(s.Resource));

  /** Every role `cdk deploy` assumes for the stacks and their assets, from the manifests. */
  function rolesOfAssembly(account: string, region: string): string[] {
    const manifest = assemblyFile('manifest.json') as {
      artifacts: Record<string, { type: string; properties?: Record<string, unknown> }>;
    };
    const roles: string[] = [];
    for (const artifact of Object.values(manifest.artifacts)) {
      if (artifact.type !== 'aws:cloudformation:stack') continue;
      roles.push(artifact.properties!.assumeRoleArn as string);
      roles.push((artifact.properties!.lookupRole as { arn: string }).arn);
    }
    for (const file of readdirSync(outdir).filter((name) => name.endsWith('.assets.json'))) {
      const assets = assemblyFile(file) as {
        files: Record<string, { destinations: Record<string, { assumeRoleArn: string }> }>;
      };
      for (const asset of Object.values(assets.files)) {
        for (const destination of Object.values(asset.destinations)) {
          roles.push(destination.assumeRoleArn);
        }
      }
    }
    return [...new Set(roles)].map((arn) =>
      arn
        .replaceAll('${AWS::Partition}', 'aws')
        .replaceAll('${AWS::AccountId}', account)
        .replaceAll('${AWS::Region}', region),
    );
  }

  it.each(['eu-central-1', 'us-east-1'])(
    'may assume every CDK role of both stacks when the stage deploys to %s',
    (region) => {
      const account = '111122223333';
      const roles = rolesOfAssembly(account, region);
      // Both stacks: the main one in the region, the edge stack in us-east-1.
      expect(roles.some((role) => role.endsWith(`-${account}-us-east-1`))).toBe(true);
      expect(roles.some((role) => role.endsWith(`-${account}-${region}`))).toBe(true);
      const patterns = assumable.map((resource) =>
        arnPattern(resource.replaceAll('ACCOUNT', account).replaceAll('REGION', region)),
      );
      expect(roles.filter((role) => !patterns.some((pattern) => pattern.test(role)))).toEqual([]);
    },
  );

  it('may assume the CDK bootstrap roles only', () => {
    expect(assumable.length).toBeGreaterThan(0);
    for (const resource of assumable) {
      expect(resource).toMatch(/^arn:aws:iam::ACCOUNT:role\/cdk-hnb659fds-\*-ACCOUNT-/);
    }
  });

  it('is the policy docs/deployment.md points the deploy role to', () => {
    expect(deploymentDoc).toContain('infra/bootstrap/deploy-role-policy.json');
    expect(deploymentDoc).not.toContain(
      '"arn:aws:iam::ACCOUNT:role/cdk-hnb659fds-*-ACCOUNT-REGION"',
    );
  });
});

/**
 * The IAM service prefixes CloudFormation needs for a resource type's namespace (`AWS::X::…`).
 * A namespace missing here fails the test: add its service to the execution policy and here.
 */
const servicesOfNamespace: Record<string, readonly string[]> = {
  ApiGatewayV2: ['apigateway'],
  // Creating a vault also mounts its storage (`backup-storage:MountCapsule`).
  Backup: ['backup', 'backup-storage'],
  // The TURN channel pool is a nested stack (infra/lib/video-signaling.ts).
  CloudFormation: ['cloudformation'],
  CloudFront: ['cloudfront'],
  CloudWatch: ['cloudwatch'],
  DynamoDB: ['dynamodb'],
  Events: ['events'],
  IAM: ['iam'],
  KinesisVideo: ['kinesisvideo'],
  KMS: ['kms'],
  Lambda: ['lambda'],
  Logs: ['logs'],
  Route53: ['route53'],
  S3: ['s3'],
  Scheduler: ['scheduler'],
  SecretsManager: ['secretsmanager'],
  SNS: ['sns'],
  SQS: ['sqs'],
  SSM: ['ssm'],
  WAFv2: ['wafv2'],
};

describe('infra/bootstrap/execution-policy.json (what CloudFormation may do)', () => {
  const document = policy('infra/bootstrap/execution-policy.json');
  const actions = document.Statement.flatMap((statement) => list(statement.Action));
  const allowed = new Set(actions.map((action) => action.split(':')[0]));

  /** Resource types of both stacks in every variant: dev, prod, prod with a Route 53 zone. */
  function resourceTypes(): Set<string> {
    const variants = [
      synth('dev'),
      synth('prod'),
      synth('prod', { hostedZoneId: 'Z0123456789ABC', hostedZoneName: 'example.org' }),
    ];
    const types = new Set<string>();
    for (const { stack, edgeStack } of variants) {
      // Nested stacks (the TURN channel pool) are deployed by the same execution role.
      const stacks = [stack, edgeStack].flatMap((root) =>
        root.node.findAll().filter((node): node is Stack => Stack.isStack(node)),
      );
      for (const template of stacks.map((s) => Template.fromStack(s).toJSON())) {
        const resources = (template as { Resources: Record<string, { Type: string }> }).Resources;
        for (const resource of Object.values(resources)) types.add(resource.Type);
      }
    }
    return types;
  }

  it('allows exactly the services the templates use', () => {
    const needed = new Set<string>();
    const unknown: string[] = [];
    for (const type of resourceTypes()) {
      const [owner, namespace] = type.split('::');
      // A custom resource is a Lambda function CloudFormation invokes.
      if (owner === 'Custom') needed.add('lambda');
      else if (owner === 'AWS' && servicesOfNamespace[namespace!]) {
        for (const service of servicesOfNamespace[namespace!]!) needed.add(service);
      } else if (owner !== 'AWS' || namespace !== 'CDK') unknown.push(type);
    }
    expect(unknown, 'resource types with no service in servicesOfNamespace').toEqual([]);
    expect([...allowed].sort()).toEqual([...needed].sort());
  });

  it('lets CloudFormation manage only the stack’s own IAM roles and policies', () => {
    for (const statement of document.Statement) {
      expect(statement.Effect).toBe('Allow');
      const iamActions = list(statement.Action).filter((action) => action.startsWith('iam:'));
      if (iamActions.length === 0) {
        expect(list(statement.Resource)).toEqual(['*']);
        continue;
      }
      for (const resource of list(statement.Resource)) {
        expect(resource).toMatch(
          /^arn:aws:iam::\*:(role|policy)\/Telehealth-\*$|^arn:aws:iam::\*:role\/aws-service-role\/\*$/,
        );
      }
    }
  });

  it('names whole services only (no action lists to drift from what CloudFormation calls)', () => {
    for (const action of actions.filter((a) => !a.startsWith('iam:'))) {
      expect(action).toMatch(/^[a-z0-9-]+:\*$/);
    }
  });
});
