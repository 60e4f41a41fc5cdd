import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  adminLogin,
  adminLoginCode,
  confirmApplicationDocument,
  createCase,
  createDoctorApplication,
  providerLogin,
  providerLoginCode,
  routeKey,
  stripeWebhook,
  uploadApplicationDocument,
} from '#routes';
import {
  accountQuotas,
  httpStageThrottle,
  pollingRequestsPerSecond,
  requestsPerMinute,
  routeThrottles,
  wafRateLimits,
  webSocketRouteThrottles,
  webSocketStageThrottle,
} from '../lib/capacity';
import { edgeRegion, edgeStackName, webAclArnParameterName } from '../lib/edge-stack';
import { apiPathPattern, originVerifyHeader, webSocketPath } from '../lib/site';
import { onlyResource, resourcesOfType, synth } from './synth';

/**
 * Issue 11 item 2: the WAF web ACL in front of CloudFront (its own us-east-1 stack), the origin
 * header on both API origins, and the throttles, all with the capacity model's numbers.
 */

type Json = Record<string, unknown>;
type Rule = {
  Name: string;
  Priority: number;
  Statement: Json;
  Action?: Json;
  OverrideAction?: Json;
  VisibilityConfig: { SampledRequestsEnabled: boolean; CloudWatchMetricsEnabled: boolean };
};

describe.each(['dev', 'prod'])('stage %s', (stage) => {
  const { stack, edgeStack, template } = synth(stage);
  const edge = Template.fromStack(edgeStack);
  const [aclId, acl] = onlyResource(edge, 'AWS::WAFv2::WebACL');
  const rules = acl.Rules as Rule[];
  const rule = (name: string) => {
    const found = rules.find((candidate) => candidate.Name === name);
    expect(found, name).toBeDefined();
    return found!;
  };
  const limits = wafRateLimits();

  describe('the edge stack', () => {
    it(`is Telehealth-${stage}-edge in us-east-1, deployed before the main stack`, () => {
      expect(edgeStack.stackName).toBe(edgeStackName(stage));
      expect(edgeStack.region).toBe('us-east-1');
      expect(stack.dependencies).toContain(edgeStack);
    });

    it('holds one CLOUDFRONT-scope web ACL that allows by default', () => {
      expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      // CloudFormation's pattern for the description (CDK's built-in validation, off in tests).
      expect(acl.Description).toMatch(
        /^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$/,
      );
    });

    it('publishes the ACL ARN in the parameter the main stack reads', () => {
      const [, parameter] = onlyResource(edge, 'AWS::SSM::Parameter');
      expect(parameter).toMatchObject({
        Name: webAclArnParameterName(stage),
        Value: { 'Fn::GetAtt': [aclId, 'Arn'] },
      });
    });
  });

  describe('managed rules', () => {
    it.each([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesCommonRuleSet',
    ])('runs AWS %s and lets its own actions block', (name) => {
      expect(rule(name)).toMatchObject({
        Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
        OverrideAction: { None: {} },
      });
    });

    it('counts only SizeRestrictions_BODY of the Core rule set; every other rule blocks', () => {
      const common = rule('AWSManagedRulesCommonRuleSet').Statement
        .ManagedRuleGroupStatement as Json;
      expect(common.RuleActionOverrides).toEqual([
        { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      ]);
    });

    it('leaves only the intake and the Stripe webhook out of the Core rule set', () => {
      const common = rule('AWSManagedRulesCommonRuleSet').Statement
        .ManagedRuleGroupStatement as Json;
      const exempt = JSON.stringify(common.ScopeDownStatement);
      expect(Object.keys(common.ScopeDownStatement as Json)).toEqual(['NotStatement']);
      expect(exempt).toContain(`"SearchString":"${createCase.path}"`);
      expect(exempt).toContain(`"SearchString":"${stripeWebhook.path}"`);
      // The intake is POST /api/cases; the provider case list (GET) stays inspected.
      expect(exempt).not.toContain('"SearchString":"GET"');
    });
  });

  describe('rate-based rules per client IP', () => {
    const rateOf = (name: string) => rule(name).Statement.RateBasedStatement as Json;

    it.each([
      ['ApiRate', limits.api],
      ['SignInRate', limits.signIn],
      ['ApplyRate', limits.apply],
    ])('%s blocks with 429 above the capacity model’s %i per window', (name, limit) => {
      expect(rateOf(name)).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: limit,
        EvaluationWindowSec: limits.windowSeconds,
      });
      expect(rule(name).Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
    });

    it('counts every /api/* request in ApiRate', () => {
      expect(rateOf('ApiRate').ScopeDownStatement).toEqual({
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: apiPathPattern.replace('*', ''),
          TextTransformations: [{ Priority: 0, Type: 'NONE' }],
        },
      });
    });

    it('scopes SignInRate to POST of both sign-in routes and their code steps, and ApplyRate to the three apply routes', () => {
      const signIn = JSON.stringify(rateOf('SignInRate').ScopeDownStatement);
      for (const route of [providerLogin, providerLoginCode, adminLogin, adminLoginCode]) {
        expect(signIn).toContain(`"PositionalConstraint":"EXACTLY","SearchString":"${route.path}"`);
      }
      const apply = JSON.stringify(rateOf('ApplyRate').ScopeDownStatement);
      expect(apply).toContain(`"SearchString":"${createDoctorApplication.path}"`);
      for (const route of [uploadApplicationDocument, confirmApplicationDocument]) {
        const suffix = route.path.slice(route.path.lastIndexOf('}') + 1);
        expect(apply).toContain(`"PositionalConstraint":"ENDS_WITH","SearchString":"${suffix}"`);
      }
      for (const scope of [signIn, apply]) {
        expect(scope).toContain(
          '"FieldToMatch":{"Method":{}},"PositionalConstraint":"EXACTLY","SearchString":"POST"',
        );
        expect(scope).not.toContain('"SearchString":"GET"');
      }
    });

    it('are ordered: reputation first, the tight limits before the wide one, managed sets after', () => {
      const order = [...rules].sort((a, b) => a.Priority - b.Priority).map((r) => r.Name);
      expect(order).toEqual([
        'AWSManagedRulesAmazonIpReputationList',
        'SignInRate',
        'ApplyRate',
        'ApiRate',
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesCommonRuleSet',
      ]);
    });
  });

  describe('what WAF keeps', () => {
    it('keeps no sampled requests (they show full URIs with capability ids)', () => {
      expect(acl.VisibilityConfig).toMatchObject({ SampledRequestsEnabled: false });
      for (const r of rules) expect(r.VisibilityConfig.SampledRequestsEnabled, r.Name).toBe(false);
    });

    it('logs only blocked and counted requests, without path, query, cookies or referrer', () => {
      const [, logging] = onlyResource(edge, 'AWS::WAFv2::LoggingConfiguration');
      expect(logging.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      expect(logging.RedactedFields).toEqual(
        expect.arrayContaining([
          { UriPath: {} },
          { QueryString: {} },
          { SingleHeader: { Name: 'cookie' } },
          { SingleHeader: { Name: 'referer' } },
        ]),
      );
      expect(logging.LoggingFilter).toMatchObject({ DefaultBehavior: 'DROP' });
    });

    it('logs to a KMS-encrypted log group named aws-waf-logs-…', () => {
      const [, group] = onlyResource(edge, 'AWS::Logs::LogGroup');
      expect(group.LogGroupName).toBe(`aws-waf-logs-telehealth-${stage}-edge`);
      expect(group.KmsKeyId).toBeDefined();
    });
  });

  describe('the main stack', () => {
    it('attaches the web ACL to the distribution, read from us-east-1 at deploy time', () => {
      const [lookupId, lookup] = onlyResource(template, 'Custom::AWS');
      const call = JSON.parse(lookup.Create as string) as Json;
      expect(call).toMatchObject({
        service: 'SSM',
        action: 'getParameter',
        region: edgeRegion,
        parameters: { Name: webAclArnParameterName(stage) },
      });
      const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
      expect((distribution.DistributionConfig as Json).WebACLId).toEqual({
        'Fn::GetAtt': [lookupId, 'Parameter.Value'],
      });
    });

    it('lets the lookup read only that one parameter', () => {
      const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).filter(
        (policy) => JSON.stringify(policy.Properties).includes('ssm:GetParameter'),
      );
      expect(policies).toHaveLength(1);
      const statements = (policies[0]!.Properties!.PolicyDocument as { Statement: Json[] })
        .Statement;
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatchObject({ Action: 'ssm:GetParameter', Effect: 'Allow' });
      const resource = JSON.stringify(statements[0]!.Resource);
      expect(resource).toContain(`:ssm:${edgeRegion}:`);
      expect(resource).toContain(`:parameter${webAclArnParameterName(stage)}`);
    });

    it.each([apiPathPattern, webSocketPath])(
      'sends x-origin-verify from Secrets Manager to the origin of %s',
      (pathPattern) => {
        const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
        const config = distribution.DistributionConfig as {
          CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
          Origins: {
            Id: string;
            OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
          }[];
        };
        const target = config.CacheBehaviors.find((b) => b.PathPattern === pathPattern)!;
        const origin = config.Origins.find((o) => o.Id === target.TargetOriginId)!;
        const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === originVerifyHeader);
        expect(JSON.stringify(header?.HeaderValue)).toContain(
          ':SecretString:ORIGIN_VERIFY_SECRET::}}',
        );
      },
    );
  });

  describe('throttles from the capacity model', () => {
    const stageOf = (protocol: 'HTTP' | 'WEBSOCKET') => {
      const [apiId] = onlyResource(
        template,
        'AWS::ApiGatewayV2::Api',
        (p) => p.ProtocolType === protocol,
      );
      return onlyResource(
        template,
        'AWS::ApiGatewayV2::Stage',
        (p) => JSON.stringify(p.ApiId) === JSON.stringify({ Ref: apiId }),
      );
    };

    it('throttles the HTTP stage at the model’s rate and burst', () => {
      const [, httpStage] = stageOf('HTTP');
      const expected = httpStageThrottle();
      expect(httpStage.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: expected.rateLimit,
        ThrottlingBurstLimit: expected.burstLimit,
      });
    });

    it('gives the sign-in and apply routes their own lower limits, and no other route', () => {
      const [, httpStage] = stageOf('HTTP');
      const expected = Object.fromEntries(
        Object.entries(routeThrottles()).map(([key, t]) => [
          key,
          { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit },
        ]),
      );
      expect(httpStage.RouteSettings).toEqual(expected);
      expect(Object.keys(expected).sort()).toEqual(
        [
          providerLogin,
          providerLoginCode,
          adminLogin,
          adminLoginCode,
          createDoctorApplication,
          uploadApplicationDocument,
          confirmApplicationDocument,
        ]
          .map(routeKey)
          .sort(),
      );
    });

    it('deploys the route settings only after their routes exist', () => {
      const [stageId] = stageOf('HTTP');
      const dependsOn =
        (template.toJSON() as { Resources: Record<string, { DependsOn?: string[] }> }).Resources[
          stageId
        ]!.DependsOn ?? [];
      const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route');
      for (const key of Object.keys(routeThrottles())) {
        const [routeId] = Object.entries(routes).find(([, r]) => r.Properties?.RouteKey === key)!;
        expect(dependsOn, key).toContain(routeId);
      }
    });

    it('throttles the WebSocket stage at the model’s rate and burst', () => {
      const [, wsStage] = stageOf('WEBSOCKET');
      const expected = webSocketStageThrottle();
      expect(wsStage.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: expected.rateLimit,
        ThrottlingBurstLimit: expected.burstLimit,
      });
    });

    it('gives $default and $connect their own shares of the WebSocket stage (issue 25)', () => {
      const [stageId, wsStage] = stageOf('WEBSOCKET');
      const throttles = webSocketRouteThrottles();
      expect(wsStage.RouteSettings).toEqual({
        $default: {
          ThrottlingRateLimit: throttles.$default.rateLimit,
          ThrottlingBurstLimit: throttles.$default.burstLimit,
        },
        $connect: {
          ThrottlingRateLimit: throttles.$connect.rateLimit,
          ThrottlingBurstLimit: throttles.$connect.burstLimit,
        },
      });
      // Each below the stage's limit: a flood of one kind leaves room for the other.
      const stage = webSocketStageThrottle();
      expect(throttles.$default.rateLimit).toBeLessThan(stage.rateLimit);
      expect(throttles.$connect.rateLimit).toBeLessThan(stage.rateLimit);
      const dependsOn =
        (template.toJSON() as { Resources: Record<string, { DependsOn?: string[] }> }).Resources[
          stageId
        ]!.DependsOn ?? [];
      const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route');
      for (const key of ['$default', '$connect']) {
        const [routeId] = Object.entries(routes).find(([, r]) => r.Properties?.RouteKey === key)!;
        expect(dependsOn, key).toContain(routeId);
      }
    });
  });
});

describe('the capacity model’s limits', () => {
  it('carry 10,000 waiting patients with headroom, inside the default account quota', () => {
    const stageLimit = httpStageThrottle();
    expect(stageLimit.rateLimit).toBeGreaterThanOrEqual(2 * pollingRequestsPerSecond(10_000));
    expect(stageLimit.rateLimit + webSocketStageThrottle().rateLimit).toBeLessThanOrEqual(
      accountQuotas.apiGatewayRequestsPerSecond,
    );
    expect(stageLimit.burstLimit).toBeLessThanOrEqual(accountQuotas.apiGatewayBurst);
  });

  it('never block a patient polling every second at WAF, even ten behind one address', () => {
    const { api, windowSeconds } = wafRateLimits();
    const perPatient = (requestsPerMinute('paymentVerification') * windowSeconds) / 60;
    expect(api).toBeGreaterThanOrEqual(10 * perPatient);
  });

  it('keep the per-route limits below the stage limit (they are the tighter ones)', () => {
    for (const [key, limit] of Object.entries(routeThrottles())) {
      expect(limit.rateLimit, key).toBeLessThan(httpStageThrottle().rateLimit);
    }
    expect(wafRateLimits().signIn).toBeLessThan(wafRateLimits().api);
    expect(wafRateLimits().apply).toBeLessThan(wafRateLimits().api);
  });
});
