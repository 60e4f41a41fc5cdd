import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import {
  httpStageThrottle,
  routeThrottles,
  turnChannelCount,
  wafRateLimits,
  webSocketRouteThrottles,
  webSocketStageThrottle,
  type Throttle,
} from '../lib/capacity';
import { synth } from './synth';

/**
 * Issue 29, "Done when": the template carries exactly the capacity model's figures, and no
 * capacity figure the model does not know of. Every throttle (HTTP and WebSocket stage and
 * route settings), WAF rate rule (limit and window), Lambda reserved or provisioned concurrency
 * and the TURN channel pool (its channels, and the size the room session is told) is read from
 * the synthesized templates of the stage (main, edge and nested stacks) into one table, and
 * that table must equal the one infra/lib/capacity.ts gives. A figure changed by hand in the
 * stack, a new throttle or a reserved concurrency the model does not account for fails here.
 */

type Json = Record<string, unknown>;
type Resource = { Type: string; Properties?: Json };
type Figures = Record<string, number>;

/** Capacity settings of a stage or route (`DefaultRouteSettings`, `RouteSettings[key]`). */
const throttleKeys = ['ThrottlingRateLimit', 'ThrottlingBurstLimit'] as const;
/** Lambda settings that would take concurrency out of (or reserve it in) the account's pool. */
const concurrencyKeys = ['ReservedConcurrentExecutions', 'ProvisionedConcurrentExecutions'];

/** The throttle figures of one stage's or route's settings, named `{label} rate|burst`. */
function throttleFigures(label: string, settings: Json | undefined): Figures {
  const figures: Figures = {};
  if (!settings) return figures;
  for (const key of throttleKeys) {
    if (settings[key] !== undefined) {
      figures[`${label} ${key === 'ThrottlingRateLimit' ? 'rate' : 'burst'}`] = settings[
        key
      ] as number;
    }
  }
  return figures;
}

/** Every object under `value` that has `key`, anywhere in a resource's properties. */
function findKey(value: unknown, key: string, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((item) => findKey(item, key, found));
  else if (value && typeof value === 'object') {
    const object = value as Json;
    if (key in object) found.push(object[key]);
    Object.values(object).forEach((item) => findKey(item, key, found));
  }
  return found;
}

/** What the synthesized stage carries, as one table of named figures. */
function templateFigures(templates: Template[]): Figures {
  const resources = templates.flatMap((template) =>
    Object.entries((template.toJSON() as { Resources: Record<string, Resource> }).Resources),
  );
  const apis = new Map(
    resources
      .filter(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Api')
      .map(([id, resource]) => [id, resource.Properties?.ProtocolType as string]),
  );
  const figures: Figures = {};
  let channels = 0;
  for (const [id, { Type, Properties: properties = {} }] of resources) {
    if (Type === 'AWS::ApiGatewayV2::Stage') {
      const protocol = apis.get((properties.ApiId as { Ref: string }).Ref) ?? id;
      Object.assign(
        figures,
        throttleFigures(`${protocol} stage`, properties.DefaultRouteSettings as Json),
      );
      for (const [key, settings] of Object.entries((properties.RouteSettings ?? {}) as Json)) {
        Object.assign(figures, throttleFigures(`${protocol} ${key}`, settings as Json));
      }
    }
    if (Type === 'AWS::WAFv2::WebACL') {
      for (const rule of properties.Rules as { Name: string; Statement: Json }[]) {
        const rate = rule.Statement.RateBasedStatement as Json | undefined;
        if (!rate) continue;
        figures[`WAF ${rule.Name} limit`] = rate.Limit as number;
        figures[`WAF ${rule.Name} window`] = rate.EvaluationWindowSec as number;
      }
    }
    if (Type === 'AWS::KinesisVideo::SignalingChannel') channels += 1;
    if (Type === 'AWS::Lambda::Function') {
      const variables = (properties.Environment as { Variables?: Json } | undefined)?.Variables;
      const told = variables?.[envNames.kvsChannelCount];
      if (told !== undefined) figures[`${id} ${envNames.kvsChannelCount}`] = Number(told);
    }
    // Anywhere in any resource (a function, an alias, a version): none is modelled.
    for (const key of concurrencyKeys) {
      findKey(properties, key).forEach((value, index) => {
        figures[`${id} ${key} ${index}`] = value as number;
      });
    }
  }
  figures['TURN signaling channels'] = channels;
  return figures;
}

/** The same table as infra/lib/capacity.ts gives it. */
function modelFigures(roomSessionId: string): Figures {
  const throttle = (label: string, { rateLimit, burstLimit }: Throttle): Figures => ({
    [`${label} rate`]: rateLimit,
    [`${label} burst`]: burstLimit,
  });
  const waf = wafRateLimits();
  const wafRule = (name: string, limit: number): Figures => ({
    [`WAF ${name} limit`]: limit,
    [`WAF ${name} window`]: waf.windowSeconds,
  });
  const webSocketRoutes = webSocketRouteThrottles();
  return {
    ...throttle('HTTP stage', httpStageThrottle()),
    ...Object.fromEntries(
      Object.entries(routeThrottles()).flatMap(([key, value]) =>
        Object.entries(throttle(`HTTP ${key}`, value)),
      ),
    ),
    ...throttle('WEBSOCKET stage', webSocketStageThrottle()),
    ...throttle('WEBSOCKET $default', webSocketRoutes.$default),
    ...throttle('WEBSOCKET $connect', webSocketRoutes.$connect),
    ...wafRule('ApiRate', waf.api),
    ...wafRule('SignInRate', waf.signIn),
    ...wafRule('ApplyRate', waf.apply),
    'TURN signaling channels': turnChannelCount(),
    [`${roomSessionId} ${envNames.kvsChannelCount}`]: turnChannelCount(),
  };
}

describe.each(['dev', 'prod'])('the capacity figures of stage %s', (stage) => {
  const { stack, edgeStack, template } = synth(stage);
  const templates = [
    template,
    Template.fromStack(edgeStack),
    Template.fromStack(stack.videoSignaling.channels),
  ];
  const actual = templateFigures(templates);
  const roomSessionId = Object.keys(actual)
    .find((name) => name.endsWith(` ${envNames.kvsChannelCount}`))
    ?.split(' ')[0];

  it('are exactly the capacity model’s, figure by figure', () => {
    expect(roomSessionId, 'the room session is told the pool’s size').toBeDefined();
    expect(actual).toEqual(modelFigures(roomSessionId!));
  });

  it('reads every kind of figure from the template (the table is not empty of any)', () => {
    const kinds = ['HTTP stage', 'HTTP POST', 'WEBSOCKET stage', 'WEBSOCKET $', 'WAF', 'TURN'];
    for (const kind of kinds) {
      expect(
        Object.keys(actual).some((name) => name.startsWith(kind)),
        kind,
      ).toBe(true);
    }
  });
});
