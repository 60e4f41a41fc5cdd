import { runInNewContext } from 'node:vm';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  hstsMaxAgeSeconds,
  stripeSources,
} from '../../shared/src/http/site-headers';
import {
  apiPathPattern,
  originVerifyHeader,
  spaRewriteCode,
  webSocketPath,
  webSocketRewriteCode,
} from '../lib/site';
import { uploadsBucketOrigin } from '../lib/uploads-bucket';
import { onlyResource, synth } from './synth';

interface CacheBehavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: unknown;
  ResponseHeadersPolicyId?: unknown;
  AllowedMethods?: string[];
  ViewerProtocolPolicy: string;
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginPath?: string;
  S3OriginConfig?: unknown;
  OriginAccessControlId?: unknown;
  CustomOriginConfig?: { OriginProtocolPolicy: string };
}
interface DistributionConfig {
  DefaultCacheBehavior: CacheBehavior;
  CacheBehaviors: CacheBehavior[];
  Origins: Origin[];
  DefaultRootObject: string;
  CustomErrorResponses?: unknown;
  Logging?: { Bucket: unknown; Prefix: string };
}

/** Runs CloudFront Function code the way CloudFront calls it. */
function runViewerRequest(code: string, uri: string): string {
  const handler = runInNewContext(`${code}\nhandler`) as (event: unknown) => { uri: string };
  return handler({ request: { uri, method: 'GET', headers: {}, querystring: {} } }).uri;
}

describe('CloudFront distribution', () => {
  const { template, stack } = synth('dev');
  const [, distribution] = onlyResource(template, 'AWS::CloudFront::Distribution');
  const config = distribution.DistributionConfig as DistributionConfig;
  const behavior = (pattern: string) => {
    const found = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
    expect(found, pattern).toBeDefined();
    return found!;
  };
  const originOf = (cacheBehavior: CacheBehavior) =>
    config.Origins.find((origin) => origin.Id === cacheBehavior.TargetOriginId)!;
  const functionFor = (cacheBehavior: CacheBehavior) =>
    JSON.stringify(cacheBehavior.FunctionAssociations?.[0]?.FunctionARN);

  it('serves the site bucket through Origin Access Control by default', () => {
    const origin = originOf(config.DefaultCacheBehavior);
    expect(JSON.stringify(origin.DomainName)).toMatch(/SiteBucket.*RegionalDomainName/);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('sends each path to its page without custom error responses', () => {
    // Error responses are distribution-wide: they would rewrite the API's 403/404 too.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(functionFor(config.DefaultCacheBehavior)).toContain('SiteSpaRewrite');
    // The code CloudFront gets is the rule the local gateway runs (web/prerender/site-files.ts).
    const functions = template.findResources('AWS::CloudFront::Function') as Record<
      string,
      { Properties: { FunctionCode: string } }
    >;
    const code = Object.entries(functions).find(([id]) => id.includes('SpaRewrite'))?.[1].Properties
      .FunctionCode;
    expect(code).toBe(spaRewriteCode);
    const fileFor = (uri: string) => runViewerRequest(spaRewriteCode, uri);
    // Prerendered pages (web/prerender/): the landing is index.html, the root object too.
    expect(fileFor('/')).toBe('/index.html');
    expect(fileFor('/payment-cancelled')).toBe('/payment-cancelled.html');
    // Other app routes get the shell; paths no route matches get the prerendered 404 page.
    expect(fileFor('/visit/4b8c')).toBe('/app.html');
    expect(fileFor('/Admin')).toBe('/app.html');
    expect(fileFor('/payment-cancelled/')).toBe('/app.html');
    expect(fileFor('/visit/4b8c/waiting-room')).toBe('/404.html');
    expect(fileFor('/no-such-page')).toBe('/404.html');
    // Files are served as they are.
    expect(fileFor('/assets/index-Ab12.js')).toBe('/assets/index-Ab12.js');
    expect(fileFor('/favicon.ico')).toBe('/favicon.ico');
  });

  it('compresses and caches the site by the objects own Cache-Control (immutable assets, no-cache pages)', () => {
    expect(config.DefaultCacheBehavior).toMatchObject({
      Compress: true,
      // CachingOptimized honours the origin's Cache-Control, which scripts/deploy.ts sets.
      CachePolicyId: cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
    });
  });

  it('forwards /api/* to the HTTP API uncached, with every method and viewer header but Host', () => {
    const api = behavior(apiPathPattern);
    expect(api).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId:
        cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) as unknown,
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = originOf(api);
    expect(JSON.stringify(origin.DomainName)).toContain('HttpApi');
    expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
  });

  it('proves API requests came through it: the origin-verify header from Secrets Manager', () => {
    const origin = originOf(behavior(apiPathPattern)) as Origin & {
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
    };
    const verify = origin.OriginCustomHeaders?.find(
      (custom) => custom.HeaderName === originVerifyHeader,
    );
    expect(verify).toBeDefined();
    // A deploy-time reference to the generated secret, never the value in the template.
    const value = JSON.stringify(verify?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain('AppSecretsOriginVerify');
    expect(value).toContain(':SecretString:ORIGIN_VERIFY_SECRET::}}');
  });

  it('forwards /ws to the WebSocket stage, uncached, with the handshake headers', () => {
    const ws = behavior(webSocketPath);
    expect(ws.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(JSON.stringify(originOf(ws).DomainName)).toContain('WebSocketApi');
    expect(functionFor(ws)).toContain('SiteWebSocketRewrite');
    // $connect reads the client's handshake fields (RFC 6455 §4.1), then what the cross-origin
    // rule reads (docs/adr/0005).
    const handshakeFields = ['Key', 'Version', 'Protocol', 'Extensions'].map(
      (field) => `Sec-WebSocket-${field}`,
    );
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith([...handshakeFields, 'Origin', 'Sec-Fetch-Site']),
        },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    // API Gateway refuses any path after the stage, so /ws becomes exactly /{stage}.
    expect(runViewerRequest(webSocketRewriteCode('/dev'), '/ws')).toBe('/dev');
  });

  it('adds the security headers to every behaviour', () => {
    const [policyId] = onlyResource(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    for (const cacheBehavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(cacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: hstsMaxAgeSeconds,
            IncludeSubdomains: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
          ContentSecurityPolicy: {
            ContentSecurityPolicy: stack.resolve(
              contentSecurityPolicy({
                uploadsOrigin: uploadsBucketOrigin('dev'),
                payment: stripeSources,
              }),
            ) as unknown,
            Override: true,
          },
        },
      },
    });
  });

  it('logs to the access-log bucket', () => {
    expect(config.Logging?.Prefix).toBe('cloudfront/');
    expect(JSON.stringify(config.Logging?.Bucket)).toContain('AccessLogsBucket');
  });
});
