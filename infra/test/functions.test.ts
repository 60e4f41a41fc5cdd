import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import { createCase, createPatient, getClientConfig } from '#routes';
import { handlerConstructId, handlerFunctionName } from '../lib/handler-functions';
import { devFunctionOf, devVariablesByHandler, handlers } from './manifest-handlers';
import { onlyResource, resourcesOfType, synth } from './synth';

describe('handler functions', () => {
  const { template } = synth('dev');
  const functions = resourcesOfType(template, 'AWS::Lambda::Function');
  const handlerFunctions = Object.entries(functions).filter(([, fn]) => {
    const name = fn.Properties?.FunctionName;
    return typeof name === 'string' && name.startsWith('telehealth-dev-');
  });

  const functionOf = (handler: string) => devFunctionOf(template, handler);

  it('has one function per distinct handler of the route manifest', () => {
    expect(handlers).toContain('meetings/join-room');
    expect(handlerFunctions).toHaveLength(handlers.length);
    for (const handler of handlers) functionOf(handler);
  });

  it.each(handlers)('runs %s on nodejs22.x, arm64, ESM bundle', (handler) => {
    const [, fn] = functionOf(handler);
    expect(fn).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
  });

  it.each(handlers)('derives the logical id of %s from the handler name', (handler) => {
    const [logicalId] = functionOf(handler);
    expect(logicalId).toMatch(new RegExp(`^Handlers${handlerConstructId(handler)}Function`));
  });

  it('passes the settings of functions/src/core/env.ts and the scheduler to every function', () => {
    const [tableId] = onlyResource(template, 'AWS::DynamoDB::Table');
    const [distributionId] = onlyResource(template, 'AWS::CloudFront::Distribution');
    const [webSocketApiId] = onlyResource(
      template,
      'AWS::ApiGatewayV2::Api',
      (properties) => properties.ProtocolType === 'WEBSOCKET',
    );
    for (const [logicalId, fn] of handlerFunctions) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables, logicalId).toMatchObject({
        [envNames.tableName]: { Ref: tableId },
        [envNames.uploadsBucket]: { Ref: expect.stringMatching(/^UploadsBucket/) as unknown },
        [envNames.appOrigin]: {
          'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
        },
        [envNames.logLevel]: 'debug',
        SCHEDULE_GROUP: 'telehealth-dev',
        SCHEDULER_ROLE_ARN: {
          'Fn::GetAtt': [expect.stringMatching(/^SchedulerInvokeRole/), 'Arn'],
        },
        CLAIM_RELEASE_TARGET_ARN: {
          'Fn::Join': [
            '',
            expect.arrayContaining([':function:telehealth-dev-cases-release-claim']) as unknown,
          ],
        },
      });
      // The source map is read only when an error is logged, not at every cold start.
      expect(variables, logicalId).not.toHaveProperty('NODE_OPTIONS');
      const endpoint = JSON.stringify(variables[envNames.webSocketManagementEndpoint]);
      expect(endpoint).toContain('https://');
      expect(endpoint).toContain(webSocketApiId);
      expect(endpoint).toContain('/dev');
    }
  });

  it('writes logs to an encrypted log group with retention', () => {
    for (const handler of handlers) {
      const [, fn] = functionOf(handler);
      const name = `/aws/lambda/${handlerFunctionName('dev', handler)}`;
      expect(fn.LoggingConfig).toMatchObject({ LogGroup: { Ref: expect.any(String) as unknown } });
      template.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: name,
        RetentionInDays: 30,
        KmsKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^LogGroupsKey'), 'Arn'] },
      });
    }
  });

  // What each role may do is checked against its handler's declaration in permissions.test.ts.
  it('gives each function its own role without AWS managed policies', () => {
    const roles = new Set<string>();
    for (const handler of handlers) {
      const [, fn] = functionOf(handler);
      const roleId = (fn.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      roles.add(roleId);
      const role = resourcesOfType(template, 'AWS::IAM::Role')[roleId];
      expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
    }
    expect(roles.size).toBe(handlers.length);
  });
});

describe('TRIAGE_REGION (spec doc 1 §9, -c triageRegion=)', () => {
  /** The handlers that create a case (its priority) and the one serving the browser's config. */
  const readers: string[] = [createCase.handler, createPatient.handler, getClientConfig.handler];

  function regionsOf(context: Record<string, string>): Record<string, unknown> {
    const variables = devVariablesByHandler(context);
    return Object.fromEntries(
      handlers.map((handler) => [handler, variables[handler]![envNames.triageRegion]]),
    );
  }

  it('gives the stage’s region to the handlers that read it, and to no other', () => {
    const regions = regionsOf({ triageRegion: 'sub-saharan' });
    for (const handler of handlers) {
      expect(regions[handler], handler).toBe(readers.includes(handler) ? 'sub-saharan' : undefined);
    }
  });

  it('is the default region when the context leaves it unset', () => {
    const regions = regionsOf({});
    for (const handler of readers) expect(regions[handler], handler).toBe('default');
  });

  it('refuses an unknown region at synth', () => {
    expect(() => synth('dev', { triageRegion: 'africa' })).toThrow(
      'triageRegion must be one of default, sub-saharan (or unset), got "africa"',
    );
  });
});
