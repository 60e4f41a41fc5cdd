import { describe, expect, it } from 'vitest';
import { deployCommands, siteOutputs, stageFromArgs, uploadCommands } from './deploy';

describe('npm run deploy', () => {
  it('takes the stage from the same -c option cdk reads, default dev', () => {
    expect(stageFromArgs(['-c', 'stage=prod', '--require-approval', 'never'])).toBe('prod');
    expect(stageFromArgs(['--context', 'stage=staging'])).toBe('staging');
    expect(stageFromArgs(['--context=stage=qa', '-c', 'alarmEmail=a@b.org'])).toBe('qa');
    expect(stageFromArgs(['-c', 'alarmEmail=a@b.org'])).toBe('dev');
    expect(() => stageFromArgs(['-c', 'stage=Prod'])).toThrow(/Invalid stage/);
  });

  it('builds the site, then deploys only the stage’s stack with the caller’s options', () => {
    const commands = deployCommands(['-c', 'stage=prod', '--require-approval', 'never']);
    expect(commands.map((c) => [c.command, ...c.args].join(' '))).toEqual([
      'npm run build',
      'npx cdk deploy Telehealth-prod -c stage=prod --require-approval never ' +
        '--outputs-file cdk.out/deploy-outputs-prod.json',
    ]);
  });

  it('uploads hashed assets first and index.html last, deletes nothing, then invalidates', () => {
    const commands = uploadCommands({ SiteBucketName: 'site-bucket', DistributionId: 'E123' });
    const lines = commands.map((c) => [c.command, ...c.args].join(' '));
    expect(lines[0]).toMatch(
      /^aws s3 sync web\/dist\/assets s3:\/\/site-bucket\/assets .*immutable/,
    );
    expect(lines[2]).toBe(
      'aws s3 cp web/dist/index.html s3://site-bucket/index.html --cache-control no-cache',
    );
    expect(lines[1]).toContain('--exclude index.html');
    expect(lines[1]).toContain('--exclude .vite/*');
    expect(lines.at(-1)).toBe(
      'aws cloudfront create-invalidation --distribution-id E123 --paths /*',
    );
    expect(lines.join('\n')).not.toContain('--delete');
  });

  it('reads the site outputs of the stage’s stack, and refuses a file without them', () => {
    const json = JSON.stringify({
      'Telehealth-prod': { SiteBucketName: 'b', DistributionId: 'E1', TableName: 't' },
    });
    expect(siteOutputs(json, 'prod')).toEqual({ SiteBucketName: 'b', DistributionId: 'E1' });
    expect(() => siteOutputs(json, 'staging')).toThrow(/Telehealth-staging has no SiteBucketName/);
  });
});
