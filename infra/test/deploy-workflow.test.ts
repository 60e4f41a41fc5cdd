import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/*
 * .github/workflows/deploy.yml and its composite action, read as GitHub reads them. js-yaml is
 * already in node_modules (through ESLint) and ships no types, hence the typed require.
 */
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

interface Job {
  needs?: string | string[];
  if?: string;
  uses?: string;
  environment?: string | { name: string };
  permissions?: Record<string, string>;
  steps?: Step[];
}

interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const text = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const workflowPath = '.github/workflows/deploy.yml';
const actionPath = '.github/actions/deploy-stage/action.yml';
const deploy = yaml.load(text(workflowPath)) as Workflow;
const ci = yaml.load(text('.github/workflows/ci.yml')) as Workflow;
const action = yaml.load(text(actionPath)) as { runs: { using: string; steps: Step[] } };

const needsOf = (job: Job) => (typeof job.needs === 'string' ? [job.needs] : (job.needs ?? []));
const environmentOf = (job: Job) =>
  typeof job.environment === 'string' ? job.environment : job.environment?.name;
const deploysWith = (job: Job) =>
  job.steps?.find((step) => step.uses === './.github/actions/deploy-stage');
const deployJobs = Object.entries(deploy.jobs).filter(([, job]) => deploysWith(job));

describe('.github/workflows/deploy.yml', () => {
  it('runs on pushes to main and by hand with a stage', () => {
    expect(deploy.on.push).toEqual({ branches: ['main'] });
    expect(deploy.on.workflow_dispatch).toMatchObject({
      inputs: { stage: { type: 'choice', options: ['staging', 'prod'] } },
    });
  });

  it('grants only read access by default', () => {
    expect(deploy.permissions).toEqual({ contents: 'read' });
  });

  it('tests with the ci workflow itself before any deployment', () => {
    expect(deploy.jobs.test?.uses).toBe('./.github/workflows/ci.yml');
    expect(ci.on).toHaveProperty('workflow_call');
    expect(ci.jobs.test?.steps?.map((step) => step.run)).toContain('bash .ci/run');
    expect(text('.ci/run')).toMatch(/^npm test$/m);
    expect(deployJobs.map(([name]) => name).sort()).toEqual(['prod', 'staging']);
    for (const [name, job] of deployJobs) expect(needsOf(job), name).toContain('test');
  });

  it('deploys each stage in its own GitHub environment, with the stage’s name', () => {
    for (const [name, job] of deployJobs) {
      expect(environmentOf(job), name).toBe(name);
      expect(deploysWith(job)!.with).toEqual({
        stage: name,
        'role-to-assume': '${{ vars.AWS_DEPLOY_ROLE_ARN }}',
        'aws-region': '${{ vars.AWS_REGION }}',
        'context-args': '${{ vars.CDK_CONTEXT_ARGS }}',
      });
    }
  });

  it('deploys prod only after staging, from main, in the environment with the approval', () => {
    const prod = deploy.jobs.prod!;
    expect(environmentOf(prod)).toBe('prod');
    expect(needsOf(prod)).toEqual(expect.arrayContaining(['test', 'staging']));
    expect(prod.if).toContain("github.ref == 'refs/heads/main'");
  });

  it('lets only the deploy jobs request an OIDC token', () => {
    for (const [name, job] of Object.entries(deploy.jobs)) {
      const expected = deploysWith(job) ? { 'id-token': 'write', contents: 'read' } : undefined;
      expect(job.permissions, name).toEqual(expected);
    }
  });
});

describe('.github/actions/deploy-stage', () => {
  const steps = action.runs.steps;
  const credentials = steps.findIndex((step) =>
    step.uses?.startsWith('aws-actions/configure-aws-credentials@'),
  );
  const deployStep = steps.findIndex((step) => step.run?.startsWith('npm run deploy'));

  it('assumes the stage’s role through OIDC, then runs npm run deploy for the stage', () => {
    expect(action.runs.using).toBe('composite');
    expect(credentials).toBeGreaterThanOrEqual(0);
    expect(steps[credentials]!.with?.['role-to-assume']).toBe('${{ inputs.role-to-assume }}');
    expect(deployStep).toBeGreaterThan(credentials);
    expect(steps[deployStep]!.run).toContain('-c "stage=$STAGE" --require-approval never');
    expect(steps[deployStep]!.env?.STAGE).toBe('${{ inputs.stage }}');
  });

  it('installs exactly the locked dependencies', () => {
    expect(steps.map((step) => step.run)).toContain('npm ci --no-audit --no-fund');
  });

  it('puts no input into a shell script (they arrive as environment variables)', () => {
    for (const step of steps) expect(step.run ?? '', step.run).not.toContain('${{');
  });
});

describe('credentials', () => {
  it('are never long-lived keys', () => {
    for (const path of [workflowPath, actionPath]) {
      const source = text(path);
      expect(source, path).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET/i);
      expect(source, path).not.toMatch(/\bsecrets\./);
    }
    const configure = action.runs.steps.filter((step) =>
      step.uses?.startsWith('aws-actions/configure-aws-credentials@'),
    );
    expect(configure).toHaveLength(1);
    expect(Object.keys(configure[0]!.with ?? {}).sort()).toEqual([
      'aws-region',
      'role-session-name',
      'role-to-assume',
    ]);
  });
});
