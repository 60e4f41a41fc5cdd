import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stackName } from '../infra/lib/telehealth-stack';
import { parseStage } from '../infra/lib/stage-config';

/**
 * `npm run deploy -- -c stage=NAME [more cdk deploy options]`: builds the web app, deploys the
 * stage's stack, then uploads `web/dist` to the stack's site bucket and invalidates CloudFront.
 *
 * The upload is a script step rather than a CDK `BucketDeployment`: that would add a Python
 * custom-resource function with an AWS managed policy to every stage (more to acknowledge in
 * cdk-nag), and make every synthesis and test depend on a built site. Order matters: hashed
 * assets first (cached for a year), then the other files (`no-cache`: the app shell `app.html`,
 * the prerendered `404.html` and `payment-cancelled.html`), the prerendered landing `index.html`
 * last, nothing deleted, so no page names a chunk not uploaded yet and a tab still running the
 * previous version can load its chunks; the site bucket is versioned.
 *
 * Needs AWS credentials for the stage's account and the AWS CLI (docs/deployment.md).
 */

export interface Command {
  readonly command: string;
  readonly args: readonly string[];
}

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const dist = 'web/dist';

/** The stage named by `-c stage=…` / `--context stage=…` (default `dev`, like cdk.json). */
export function stageFromArgs(args: readonly string[]): string {
  let stage: string | undefined;
  args.forEach((arg, i) => {
    const value =
      arg === '-c' || arg === '--context' ? args[i + 1] : /^--context=(.*)$/.exec(arg)?.[1];
    const match = value ? /^stage=(.*)$/.exec(value) : null;
    if (match) stage = match[1];
  });
  return parseStage(stage);
}

/** Where `cdk deploy` writes the stack outputs the upload reads. */
export function outputsFile(stage: string): string {
  return `cdk.out/deploy-outputs-${stage}.json`;
}

/** Build, then deploy exactly the stage's stack with the caller's options. */
export function deployCommands(args: readonly string[]): Command[] {
  const stage = stageFromArgs(args);
  return [
    { command: 'npm', args: ['run', 'build'] },
    {
      command: 'npx',
      args: ['cdk', 'deploy', stackName(stage), ...args, '--outputs-file', outputsFile(stage)],
    },
  ];
}

export interface SiteOutputs {
  readonly SiteBucketName: string;
  readonly DistributionId: string;
}

/** Hashed assets, then the other files, then `index.html`, then the invalidation. */
export function uploadCommands(outputs: SiteOutputs): Command[] {
  const bucket = `s3://${outputs.SiteBucketName}`;
  return [
    {
      command: 'aws',
      args: [
        's3',
        'sync',
        `${dist}/assets`,
        `${bucket}/assets`,
        '--cache-control',
        'public, max-age=31536000, immutable',
      ],
    },
    {
      command: 'aws',
      args: [
        's3',
        'sync',
        dist,
        bucket,
        '--exclude',
        'assets/*',
        // Vite's build manifest is for the tooling, not for browsers.
        '--exclude',
        '.vite/*',
        '--exclude',
        'index.html',
        '--cache-control',
        'no-cache',
      ],
    },
    {
      command: 'aws',
      args: [
        's3',
        'cp',
        `${dist}/index.html`,
        `${bucket}/index.html`,
        '--cache-control',
        'no-cache',
      ],
    },
    {
      command: 'aws',
      args: [
        'cloudfront',
        'create-invalidation',
        '--distribution-id',
        outputs.DistributionId,
        '--paths',
        '/*',
      ],
    },
  ];
}

/** The site outputs of the stage's stack in `cdk deploy --outputs-file`'s JSON. */
export function siteOutputs(json: string, stage: string): SiteOutputs {
  const all = JSON.parse(json) as Record<string, Partial<SiteOutputs> | undefined>;
  const outputs = all[stackName(stage)];
  if (!outputs?.SiteBucketName || !outputs.DistributionId) {
    throw new Error(`${stackName(stage)} has no SiteBucketName/DistributionId outputs`);
  }
  return { SiteBucketName: outputs.SiteBucketName, DistributionId: outputs.DistributionId };
}

function run({ command, args }: Command): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command} failed (${result.error?.message ?? `exit ${result.status}`})`);
    process.exit(result.status ?? 1);
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const stage = stageFromArgs(args);
  deployCommands(args).forEach(run);
  const outputs = siteOutputs(readFileSync(`${repoRoot}${outputsFile(stage)}`, 'utf8'), stage);
  uploadCommands(outputs).forEach(run);
  console.log(`Deployed ${stackName(stage)}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
