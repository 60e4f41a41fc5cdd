import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createTelehealthApp } from '../lib/app';
import { resourcesOfType, synth } from './synth';

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
