import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes, routeKey, webSocketRoutes } from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { httpApiThrottle } from '../lib/http-api';
import { onlyResource, resourcesOfType, synth } from './synth';

const { template } = synth('dev');

const apiOfProtocol = (protocol: 'HTTP' | 'WEBSOCKET') =>
  onlyResource(template, 'AWS::ApiGatewayV2::Api', (p) => p.ProtocolType === protocol)[0];

/** The logical id of the function a route's integration invokes. */
function functionBehindRoute(route: Record<string, unknown>): string {
  const target = JSON.stringify(route.Target);
  const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
  const integration = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration')[
    integrationId ?? ''
  ];
  expect(integration?.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY' });
  return JSON.stringify(integration?.Properties?.IntegrationUri).match(
    /"Fn::GetAtt":\["([^"]+)","Arn"\]/,
  )![1]!;
}

function functionIdOf(handler: string): string {
  return onlyResource(
    template,
    'AWS::Lambda::Function',
    (p) => p.FunctionName === handlerFunctionName('dev', handler),
  )[0];
}

function routesOf(apiId: string) {
  return Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'))
    .map((route) => route.Properties ?? {})
    .filter((route) => JSON.stringify(route.ApiId) === JSON.stringify({ Ref: apiId }));
}

describe('HTTP API', () => {
  const httpApiId = apiOfProtocol('HTTP');
  const routes = routesOf(httpApiId);

  it('has exactly the routes of the manifest', () => {
    expect(routes.map((route) => route.RouteKey).sort()).toEqual(
      Object.values(httpRoutes).map(routeKey).sort(),
    );
  });

  it.each(Object.entries(httpRoutes))('routes %s to its handler', (_id, manifestRoute) => {
    const route = routes.find((candidate) => candidate.RouteKey === routeKey(manifestRoute));
    expect(route, routeKey(manifestRoute)).toBeDefined();
    expect(functionBehindRoute(route!)).toBe(functionIdOf(manifestRoute.handler));
  });

  it('deploys the $default stage automatically, with access logs and throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: httpApiId },
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } },
      // Sized by the capacity model (infra/test/edge.test.ts checks the numbers).
      DefaultRouteSettings: {
        ThrottlingRateLimit: httpApiThrottle.rateLimit,
        ThrottlingBurstLimit: httpApiThrottle.burstLimit,
      },
    });
  });
});

describe('WebSocket API', () => {
  const webSocketApiId = apiOfProtocol('WEBSOCKET');
  const routes = routesOf(webSocketApiId);

  it('has exactly the routes of the manifest', () => {
    expect(routes.map((route) => route.RouteKey).sort()).toEqual(
      Object.keys(webSocketRoutes).sort(),
    );
  });

  it.each(Object.entries(webSocketRoutes))('routes %s to %s', (key, handler) => {
    const route = routes.find((candidate) => candidate.RouteKey === key);
    expect(functionBehindRoute(route!)).toBe(functionIdOf(handler));
  });

  it('has a stage named after the deployment stage, deployed automatically', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: webSocketApiId },
      StageName: 'dev',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } },
    });
  });
});
