import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { createCase, stripeWebhook, type HttpRoute } from '#routes';
import { applyRoutes, signInRoutes, wafRateLimits } from './capacity';
import type { LogGroups } from './log-groups';
import { resourcePrefix, type StageConfig } from './stage-config';

type Statement = wafv2.CfnWebACL.StatementProperty;

export interface WebAclProps {
  readonly config: StageConfig;
  readonly logGroups: LogGroups;
}

/**
 * Rules of AWS's Core rule set (AWSManagedRulesCommonRuleSet) that would break the product,
 * set to count instead of block, each with the reason. Everything else in the set blocks.
 */
export const commonRuleSetOverrides: Readonly<Record<string, string>> = {
  SizeRestrictions_BODY:
    'Blocks bodies over 8 KB. Doctor applications and other JSON forms may reach the ' +
    'manifest’s 64 KB cap; every route’s body is capped by the handler framework instead ' +
    '(functions/src/routes.ts maxBodyBytes, 413 JSON).',
};

/**
 * Routes the Core rule set does not inspect at all (scope-down): their bodies are not forms a
 * person types into, and its body rules (XSS, LFI, RFI, SSRF patterns) would match them:
 * - the intake (`POST /api/cases`) is multipart with inline files (images, PDFs, a voice note)
 *   up to 4.5 MB, whose bytes match those patterns by chance;
 * - Stripe's webhook carries Stripe's JSON, with customer-entered strings, and is proven by its
 *   signature; a blocked event would be retried and then lost.
 * They keep the IP reputation list, the known bad inputs and the rate rules.
 */
export const commonRuleSetExemptRoutes: readonly HttpRoute[] = [createCase, stripeWebhook];

/** Request parts WAF logs never keep: ids in paths are capabilities (DESIGN.md §6). */
export const redactedHeaders = ['cookie', 'referer', 'authorization', 'stripe-signature'];

const BLOCK_BODY_KEY = 'too-many-requests';

function byteMatch(
  fieldToMatch: wafv2.CfnWebACL.FieldToMatchProperty,
  positionalConstraint: 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH',
  searchString: string,
): Statement {
  return {
    byteMatchStatement: {
      fieldToMatch,
      positionalConstraint,
      searchString,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/**
 * A WAF statement matching one manifest route: its method, and its path (exact when it has no
 * parameter, otherwise the text before the first `{` and after the last `}`).
 */
export function routeStatement(route: HttpRoute): Statement {
  const method = byteMatch({ method: {} }, 'EXACTLY', route.method);
  const first = route.path.indexOf('{');
  const paths =
    first === -1
      ? [byteMatch({ uriPath: {} }, 'EXACTLY', route.path)]
      : [
          byteMatch({ uriPath: {} }, 'STARTS_WITH', route.path.slice(0, first)),
          ...(route.path.endsWith('}')
            ? []
            : [
                byteMatch(
                  { uriPath: {} },
                  'ENDS_WITH',
                  route.path.slice(route.path.lastIndexOf('}') + 1),
                ),
              ]),
        ];
  return { andStatement: { statements: [method, ...paths] } };
}

function anyRoute(routes: readonly HttpRoute[]): Statement {
  const statements = routes.map(routeStatement);
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

function visibility(metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty {
  // No sampled requests: a sample shows the full URI, and ids in paths are capabilities.
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: false };
}

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement: Statement,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit,
        evaluationWindowSec: wafRateLimits().windowSeconds,
        scopeDownStatement,
      },
    },
    action: {
      block: { customResponse: { responseCode: 429, customResponseBodyKey: BLOCK_BODY_KEY } },
    },
    visibilityConfig: visibility(name),
  };
}

function managedRule(
  name: string,
  priority: number,
  extra: Partial<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty> = {},
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...extra } },
    overrideAction: { none: {} },
    visibilityConfig: visibility(name),
  };
}

/**
 * The CLOUDFRONT-scope web ACL in front of the distribution (it must live in us-east-1:
 * docs/adr/0006-edge-stack-in-us-east-1.md): AWS's IP reputation list, known bad inputs and
 * Core rule set, and rate-based rules per client IP on sign-in, on the doctor application and
 * on all of `/api/*`, sized by the capacity model (infra/lib/capacity.ts). Blocked and counted
 * requests are logged to CloudWatch Logs without paths, query strings, cookies or referrers.
 */
export class WebAcl extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const name = `${resourcePrefix(props.config.stage)}-edge`;
    const limits = wafRateLimits();
    const api = byteMatch({ uriPath: {} }, 'STARTS_WITH', '/api/');

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      // WAF allows no brackets in descriptions.
      description: `Telehealth ${props.config.stage}: managed rules and rate limits, docs/capacity.md`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies: {
        [BLOCK_BODY_KEY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            message: 'Too many requests. Please wait a few minutes and try again.',
          }),
        },
      },
      rules: [
        managedRule('AWSManagedRulesAmazonIpReputationList', 0),
        rateRule('SignInRate', 1, limits.signIn, anyRoute(signInRoutes)),
        rateRule('ApplyRate', 2, limits.apply, anyRoute(applyRoutes)),
        rateRule('ApiRate', 3, limits.api, api),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 4),
        managedRule('AWSManagedRulesCommonRuleSet', 5, {
          ruleActionOverrides: Object.keys(commonRuleSetOverrides).map((ruleName) => ({
            name: ruleName,
            actionToUse: { count: {} },
          })),
          scopeDownStatement: {
            notStatement: { statement: anyRoute(commonRuleSetExemptRoutes) },
          },
        }),
      ],
    });

    // WAF requires the `aws-waf-logs-` prefix and the log group's ARN without `:*`.
    const logGroupName = `aws-waf-logs-${name}`;
    const logGroup = props.logGroups.create(this, 'Logs', logGroupName);
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { uriPath: {} },
        { queryString: {} },
        ...redactedHeaders.map((header) => ({ singleHeader: { Name: header } })),
      ],
      // Only what WAF blocked or counted: the evidence of an attack, not every patient's poll.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [
              { ActionCondition: { Action: 'BLOCK' } },
              { ActionCondition: { Action: 'COUNT' } },
            ],
          },
        ],
      },
    });
    logging.node.addDependency(logGroup);
  }
}
