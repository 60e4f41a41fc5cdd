import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { gatewayAuthorizers, httpRoutes } from '#routes';
import { handlerFunctionName } from '../lib/handler-functions';
import { apiPathPattern, webSocketPath } from '../lib/site';
import { onlyResource, resourcesOfType, synth, type Resources } from './synth';

/**
 * Issue 24 items 2 and 3 in the synthesized template (docs/adr/0011-origin-authorizer.md): every
 * HTTP API route and the WebSocket `$connect` run the origin authorizer, whose identity source is
 * CloudFront's `x-origin-verify` (API Gateway answers 401 without it, invoking nothing), and
 * CloudFront's dynamic reference to the secret names the version a rotation deploys.
 */
const { template } = synth('dev');
const routes = resourcesOfType(template, 'AWS::ApiGatewayV2::Route');
const authorizers = resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer');

const apiId = (protocol: 'HTTP' | 'WEBSOCKET') =>
  onlyResource(template, 'AWS::ApiGatewayV2::Api', (p) => p.ProtocolType === protocol)[0];
const ofApi = (resources: Resources, protocol: 'HTTP' | 'WEBSOCKET') =>
  Object.entries(resources).filter(
    ([, resource]) =>
      JSON.stringify(resource.Properties?.ApiId) === JSON.stringify({ Ref: apiId(protocol) }),
  );
const [authorizerFunctionId] = onlyResource(
  template,
  'AWS::Lambda::Function',
  (p) => p.FunctionName === handlerFunctionName('dev', gatewayAuthorizers.originVerify),
);

/** Routes a request can reach without the origin header: no authorizer in front. */
const reachableWithoutHeader = (entries: [string, { Properties?: Record<string, unknown> }][]) =>
  entries.filter(([, route]) => route.Properties?.AuthorizationType !== 'CUSTOM').length;

describe('the HTTP API’s origin authorizer', () => {
  /** The one authorizer of the HTTP API, as [logical id, resource]. */
  const httpAuthorizer = () => {
    const found = ofApi(authorizers, 'HTTP');
    expect(found).toHaveLength(1);
    const [authorizerId, authorizer] = found[0]!;
    return { authorizerId, authorizer: { Properties: authorizer.Properties ?? {} } };
  };

  it('is one REQUEST authorizer on x-origin-verify, simple responses, cached at most 300 s', () => {
    const { authorizer } = httpAuthorizer();
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
    });
    const ttl = authorizer.Properties.AuthorizerResultTtlInSeconds as number;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it('runs the edge/origin-authorizer function, which API Gateway may invoke', () => {
    const { authorizer } = httpAuthorizer();
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(authorizerFunctionId);
    const permissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (permission) =>
        JSON.stringify(permission.Properties?.FunctionName).includes(authorizerFunctionId) &&
        permission.Properties?.Principal === 'apigateway.amazonaws.com',
    );
    expect(permissions.length).toBeGreaterThanOrEqual(2);
  });

  it('guards every route of the manifest: none is reachable without the header', () => {
    const { authorizerId } = httpAuthorizer();
    const httpApiRoutes = ofApi(routes, 'HTTP');
    expect(httpApiRoutes).toHaveLength(Object.keys(httpRoutes).length);
    for (const [id, route] of httpApiRoutes) {
      expect(route.Properties, id).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
    }
    expect(reachableWithoutHeader(httpApiRoutes)).toBe(0);
  });
});

describe('the WebSocket API’s origin authorizer', () => {
  const webSocketAuthorizers = ofApi(authorizers, 'WEBSOCKET');

  it('is one REQUEST authorizer on the x-origin-verify header of the handshake', () => {
    expect(webSocketAuthorizers).toHaveLength(1);
    expect(webSocketAuthorizers[0]![1].Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`route.request.header.${ORIGIN_VERIFY_HEADER}`],
    });
    expect(JSON.stringify(webSocketAuthorizers[0]![1].Properties?.AuthorizerUri)).toContain(
      authorizerFunctionId,
    );
  });

  it('guards $connect, the one route API Gateway authorizes (the others follow a connection)', () => {
    const connect = ofApi(routes, 'WEBSOCKET').filter(
      ([, route]) => route.Properties?.RouteKey === '$connect',
    );
    expect(connect).toHaveLength(1);
    expect(connect[0]![1].Properties).toMatchObject({
      AuthorizationType: 'CUSTOM',
      AuthorizerId: { Ref: webSocketAuthorizers[0]![0] },
    });
    expect(reachableWithoutHeader(connect)).toBe(0);
  });
});

/** The `x-origin-verify` value CloudFront sends to the origin of a path pattern, as JSON. */
function originHeaderValue(stage: ReturnType<typeof synth>, pathPattern: string): string {
  const [, distribution] = onlyResource(stage.template, 'AWS::CloudFront::Distribution');
  const config = distribution.DistributionConfig as {
    CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
  };
  const behavior = config.CacheBehaviors.find((b) => b.PathPattern === pathPattern)!;
  const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
  const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
  return JSON.stringify(header?.HeaderValue);
}

describe('CloudFront’s origin header through a rotation', () => {
  const version = '0d4f9a27-6b1e-4c53-9f0a-1c2b3d4e5f60';
  const rotated = synth('dev', { originVerifySecretVersion: version });

  it.each([apiPathPattern, webSocketPath])(
    '%s: the reference names the deployed version, so a rotation’s deploy changes it',
    (pathPattern) => {
      const unversioned = originHeaderValue(synth('dev'), pathPattern);
      const versioned = originHeaderValue(rotated, pathPattern);
      expect(unversioned).toContain(':SecretString:ORIGIN_VERIFY_SECRET::}}');
      expect(versioned).toContain(`:SecretString:ORIGIN_VERIFY_SECRET::${version}}}`);
      // CloudFormation resolves a dynamic reference again only when its text changes.
      expect(versioned).not.toBe(unversioned);
    },
  );

  it('refuses a version id that is not one, before it reaches CloudFormation', () => {
    expect(() => synth('dev', { originVerifySecretVersion: 'AWSCURRENT:x' })).toThrow(
      /Invalid originVerifySecretVersion/,
    );
  });
});
