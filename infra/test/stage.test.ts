import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createTelehealthApp } from '../lib/app';
import { placeholders } from '../lib/stage-config';
import { prodContext } from './prod-context';
import { resourcesOfType, synth } from './synth';

/** `cdk synth -c stage=… -c …` without bundling; throws what the synth would print. */
const synthesize = (context: Record<string, string>) =>
  createTelehealthApp({
    context: { 'aws:cdk:bundling-stacks': [], ...context },
    builtinCloudFormationValidation: false,
  });

/** `prodContext` without some of its values. */
function prodWithout(...names: (keyof typeof prodContext)[]): Record<string, string> {
  const context: Record<string, string> = { stage: 'prod', ...prodContext };
  for (const name of names) delete context[name];
  return context;
}

describe('stage from context', () => {
  it('defaults to dev', () => {
    expect(synth().stack.stackName).toBe('Telehealth-dev');
  });

  it('refuses stage names that cannot be part of resource names', () => {
    for (const stage of ['Prod', 'prod_1', '1prod', 'a-very-long-stage-name', '']) {
      expect(() => createTelehealthApp({ context: { stage } }), stage).toThrow(/Invalid stage/);
    }
  });

  describe('-c stage=prod', () => {
    const { stack, template } = synth('prod');
    const json = JSON.stringify(template.toJSON());

    it('names the stack and the resources after the stage', () => {
      expect(stack.stackName).toBe('Telehealth-prod');
      template.hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'telehealth-prod' });
      template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'telehealth-prod' });
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'prod' });
      expect(json).toContain('telehealth-prod-uploads-');
      expect(json).toContain('telehealth-prod-meetings-join-room');
      expect(json).toContain('request.uri = \\"/prod\\"');
      expect(json).not.toMatch(/telehealth-dev|"\/dev"/);
    });

    it('has the outputs the deployment needs', () => {
      const outputs = template.toJSON() as { Outputs: Record<string, unknown> };
      expect(Object.keys(outputs.Outputs)).toEqual(
        expect.arrayContaining([
          'SiteUrl',
          'ApiUrl',
          'WebSocketUrl',
          'TableName',
          'UploadsBucketName',
          'ScheduleGroupName',
          'SchedulerRoleArn',
        ]),
      );
      template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^DataTable') } });
      template.hasOutput('ScheduleGroupName', { Value: 'telehealth-prod' });
    });

    it('keeps data when the stack is deleted', () => {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: { DeletionProtectionEnabled: true },
      });
      for (const type of ['AWS::S3::Bucket', 'AWS::Logs::LogGroup', 'AWS::KMS::Key']) {
        for (const [logicalId, resource] of Object.entries(resourcesOfType(template, type))) {
          expect((resource as { DeletionPolicy?: string }).DeletionPolicy, logicalId).toBe(
            'Retain',
          );
        }
      }
      template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    });

    it('logs at info level', () => {
      // The handlers; CDK's provider functions (the web ACL lookup) have no LOG_LEVEL.
      const handlers = Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).filter(
        (fn) => String(fn.Properties?.FunctionName).startsWith('telehealth-prod-'),
      );
      expect(handlers.length).toBeGreaterThan(10);
      for (const fn of handlers) {
        expect(JSON.stringify(fn.Properties?.Environment)).toContain('"LOG_LEVEL":"info"');
      }
    });
  });
});

describe('prod refuses what would deploy a broken or TLS 1.0 stage (issue 24 items 6, 7)', () => {
  it('synthesizes with a domain, a certificate and real settings', () => {
    expect(() => synthesize(prodWithout())).not.toThrow();
  });

  it('refuses to synthesize without a custom domain and certificate, saying why', () => {
    for (const missing of [['domainName', 'certificateArn'], ['domainName'], ['certificateArn']]) {
      expect(
        () => synthesize(prodWithout(...(missing as (keyof typeof prodContext)[]))),
        missing.join(),
      ).toThrow(
        missing.length === 2
          ? /Stage prod needs .*\n.*-c domainName=… -c certificateArn=…[^\n]*TLS/
          : /set both -c domainName/,
      );
    }
  });

  it.each(['stripePublishableKey', 'supportEmail', 'sesFrom'] as const)(
    'refuses to synthesize without -c %s, or with its placeholder',
    (name) => {
      const message = new RegExp(`Stage prod needs[\\s\\S]*-c ${name}=…`);
      expect(() => synthesize(prodWithout(name))).toThrow(message);
      expect(() => synthesize({ ...prodWithout(), [name]: placeholders[name] })).toThrow(message);
    },
  );

  it('names every missing setting at once', () => {
    expect(() => synthesize({ stage: 'prod' })).toThrow(
      /domainName[\s\S]*stripePublishableKey[\s\S]*supportEmail[\s\S]*sesFrom/,
    );
  });

  it('leaves the placeholders to other stages', () => {
    for (const stage of ['dev', 'staging']) {
      expect(() => synthesize({ stage }), stage).not.toThrow();
    }
  });

  it('serves prod over TLS 1.2 or newer only', () => {
    const { template } = synth('prod');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
  });
});
