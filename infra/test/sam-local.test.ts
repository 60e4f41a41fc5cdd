import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import { handlerModulePath } from '#routes';
import { defaultPorts, localResources } from '#local/config';
import { handlerConstructId, manifestHandlers } from '../lib/handler-functions';
import { samLocalVariables } from '../lib/sam-local';
import { endedBundlingSynth } from './bundling-synths';
import {
  handlerFunction,
  handlerModulesOfAsset,
  stagedAssetDir,
  stageTemplate,
  type CommandRun,
} from './staged-assets';
import { resourcesOfType, synth, type Resources } from './synth';

/**
 * Issue 11 item 6: `npm run synth` writes what `sam local invoke -t <template> <function> -e
 * <event> --env-vars <file>` needs (docs/deployment.md, "Running a handler with sam local").
 * SAM itself cannot run here (no Docker), so this checks its documented contract for CDK apps on
 * the real output of the script: the template in the output directory, each function's
 * `aws:asset:path` naming a bundled directory there that holds `index.mjs` built from that
 * function's own handler module and no other (issue 24: every function once ran the first
 * handler's bundle), `index.handler` on nodejs22.x, arm64; and, since `--env-vars` only
 * overrides variables the template declares, that every variable of the example env-vars file
 * is declared.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const handlers = manifestHandlers();
let outDir: string;
let synthRun: CommandRun;

beforeAll(async () => {
  ({ outDir, run: synthRun } = await endedBundlingSynth('samLocal'));
}, 300_000);

describe('npm run synth for sam local', () => {
  const template = () => {
    expect(synthRun.code, synthRun.output).toBe(0);
    const file = path.join(outDir, 'Telehealth-dev.template.json');
    expect(existsSync(file), file).toBe(true);
    return stageTemplate(outDir, 'dev');
  };
  const functionOf = (handler: string) => handlerFunction(template(), 'dev', handler);

  it.each(handlers)(
    '%s: its own bundled asset (index.mjs of its handler only), index.handler, nodejs22.x, arm64',
    (handler) => {
      const fn = functionOf(handler);
      expect(fn.Metadata?.['aws:asset:property']).toBe('Code');
      // sam names a CDK function by this path without `/Resource` (docs/deployment.md).
      expect(fn.Metadata?.['aws:cdk:path']).toBe(
        `Telehealth-dev/Handlers/${handlerConstructId(handler)}/Function/Resource`,
      );
      // `aws:asset:path` is relative to the template: sam resolves it there.
      const assetDir = stagedAssetDir(outDir, fn);
      expect(statSync(assetDir).isDirectory()).toBe(true);
      expect(existsSync(path.join(assetDir, 'index.mjs')), assetDir).toBe(true);
      // The code `sam local invoke <function>` runs is that function's handler.
      expect(handlerModulesOfAsset(assetDir)).toEqual([handlerModulePath(handler)]);
      expect(fn.Properties).toMatchObject({
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
      });
    },
  );

  it.each(handlers)('%s declares the local-only variables, empty', (handler) => {
    const variables = functionOf(handler).Properties.Environment?.Variables ?? {};
    for (const name of samLocalVariables) expect(variables[name], name).toBe('');
  });

  it('declares every variable of events/sam-local-env.json on some function', () => {
    const example = JSON.parse(
      readFileSync(path.join(repoRoot, 'events/sam-local-env.json'), 'utf8'),
    ) as { Parameters: Record<string, string> };
    const declared = new Set(
      handlers.flatMap((handler) =>
        Object.keys(functionOf(handler).Properties.Environment?.Variables ?? {}),
      ),
    );
    const undeclared = Object.keys(example.Parameters).filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('points events/sam-local-env.json at the local stack of npm start', () => {
    const { Parameters: vars } = JSON.parse(
      readFileSync(path.join(repoRoot, 'events/sam-local-env.json'), 'utf8'),
    ) as { Parameters: Record<string, string> };
    // From sam's container the host's ports are on host.docker.internal.
    const host = (port: number) => `http://host.docker.internal:${port}`;
    expect(vars).toMatchObject({
      [envNames.tableName]: localResources.tableName,
      [envNames.uploadsBucket]: localResources.uploadsBucket,
      AWS_ENDPOINT_URL_DYNAMODB: host(defaultPorts.dynamodb),
      AWS_ENDPOINT_URL_S3: host(defaultPorts.s3),
      AWS_ENDPOINT_URL_SESV2: host(defaultPorts.mailbox),
      AWS_ENDPOINT_URL_SCHEDULER: host(defaultPorts.app),
      [envNames.webSocketManagementEndpoint]: host(defaultPorts.app),
      [envNames.stripeApiUrl]: host(defaultPorts.stripe),
      [envNames.stripeSecretKey]: localResources.stripeSecretKey,
      [envNames.stripeWebhookSecret]: localResources.stripeWebhookSecret,
      [envNames.sesFrom]: localResources.sesFrom,
      [envNames.s3ForcePathStyle]: 'true',
      // Empty: the handlers use the variables above instead of Secrets Manager.
      [envNames.secretsArn]: '',
    });
  });
});

describe('the deployed template', () => {
  it('declares none of the local-only variables without -c samLocal=true', () => {
    const functions: Resources = resourcesOfType(synth('dev').template, 'AWS::Lambda::Function');
    const names = Object.values(functions).flatMap((fn) =>
      Object.keys(
        (fn.Properties?.Environment as { Variables?: object } | undefined)?.Variables ?? {},
      ),
    );
    expect(names).toContain(envNames.tableName);
    for (const name of samLocalVariables) expect(names, name).not.toContain(name);
  });
});
