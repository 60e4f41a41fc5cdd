import { readFileSync } from 'node:fs';
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { envNames } from '#core/env';
import { acknowledgmentsOf } from '../../scripts/nag-doc';
import { createTelehealthApp } from '../lib/app';
import { parseCustomDomain } from '../lib/custom-domain';
import { cloudFrontLogPrefix, cloudFrontLogRetentionDays } from '../lib/site';
import { onlyResource, resourcesOfType, synth } from './synth';

/*
 * Issue 11 item 3: the custom domain and viewer TLS, the Content-Security-Policy, and logs that
 * keep no capability ids (or keep them briefly).
 */

const domainName = 'app.example.org';
const certificateArn =
  'arn:aws:acm:us-east-1:123456789012:certificate/0b7a5a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const withDomain = {
  domainName,
  certificateArn,
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  hostedZoneName: 'example.org',
};

interface ViewerCertificate {
  AcmCertificateArn?: string;
  MinimumProtocolVersion?: string;
  SslSupportMethod?: string;
  CloudFrontDefaultCertificate?: boolean;
}
interface DistributionConfig {
  Aliases?: string[];
  ViewerCertificate?: ViewerCertificate;
  Logging?: { Bucket: unknown; Prefix: string; IncludeCookies?: boolean };
}

function distributionOf(template: Template) {
  const [logicalId, properties] = onlyResource(template, 'AWS::CloudFront::Distribution');
  return { logicalId, config: properties.DistributionConfig as DistributionConfig };
}

/** APP_ORIGIN of every function that has it (all handlers do). */
function appOrigins(template: Template): unknown[] {
  return Object.values(resourcesOfType(template, 'AWS::Lambda::Function'))
    .map(
      (fn) =>
        (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
          ?.Variables,
    )
    .filter((variables) => variables?.[envNames.appOrigin] !== undefined)
    .map((variables) => variables![envNames.appOrigin]);
}

function uploadsCorsOrigins(template: Template): unknown {
  const [, uploads] = onlyResource(
    template,
    'AWS::S3::Bucket',
    (properties) => properties.CorsConfiguration !== undefined,
  );
  return (uploads.CorsConfiguration as { CorsRules: { AllowedOrigins: unknown }[] }).CorsRules.map(
    (rule) => rule.AllowedOrigins,
  );
}

/** Rule ids acknowledged on the distribution (cdk-nag reads the same metadata). */
function acknowledgedOnDistribution({ stack, stage }: ReturnType<typeof synth>): string[] {
  return acknowledgmentsOf(stack.site.distribution, stage).map((ack) => ack.rule);
}

describe('a stage with a custom domain (-c domainName, -c certificateArn, hosted zone)', () => {
  const synthesized = synth('prod', withDomain);
  const { template } = synthesized;
  const { logicalId, config } = distributionOf(template);

  it('serves the domain with the imported us-east-1 certificate, TLS 1.2 or newer, SNI', () => {
    expect(config.Aliases).toEqual([domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    // Imported by ARN, never created (the stack may deploy outside us-east-1).
    template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
  });

  it('uses https://{domain} as APP_ORIGIN, the uploads CORS origin and in the outputs', () => {
    const origins = appOrigins(template);
    expect(origins.length).toBeGreaterThan(10);
    expect(new Set(origins)).toEqual(new Set([`https://${domainName}`]));
    expect(uploadsCorsOrigins(template)).toEqual([[`https://${domainName}`]]);
    const outputs = template.findOutputs('*');
    expect(outputs.SiteUrl?.Value).toBe(`https://${domainName}`);
    expect(outputs.ApiUrl?.Value).toBe(`https://${domainName}/api`);
    expect(outputs.WebSocketUrl?.Value).toBe(`wss://${domainName}/ws`);
    expect(outputs.DistributionDomainName?.Value).toEqual({
      'Fn::GetAtt': [logicalId, 'DomainName'],
    });
  });

  it('aliases the name to the distribution in the hosted zone, for IPv4 and IPv6', () => {
    const records = Object.values(resourcesOfType(template, 'AWS::Route53::RecordSet')).map(
      (record) => record.Properties,
    );
    expect(records.map((record) => record?.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of records) {
      expect(record).toMatchObject({
        Name: `${domainName}.`,
        HostedZoneId: withDomain.hostedZoneId,
        AliasTarget: {
          DNSName: { 'Fn::GetAtt': [logicalId, 'DomainName'] },
          // CloudFront's own hosted zone (Z2FDTNDATAQYW2 in the aws partition), from a mapping.
          HostedZoneId: {
            'Fn::FindInMap': [
              'AWSCloudFrontPartitionHostedZoneIdMap',
              { Ref: 'AWS::Partition' },
              'zoneId',
            ],
          },
        },
      });
    }
  });

  it('needs no CFR4 acknowledgment: the TLS policy passes cdk-nag on its own', () => {
    // Synthesis ran cdk-nag and would have thrown on an unacknowledged CFR4 error.
    expect(acknowledgedOnDistribution(synthesized)).not.toContain('AwsSolutions-CFR4');
  });
});

describe('a stage without a custom domain', () => {
  const synthesized = synth('dev');
  const { template } = synthesized;
  const { logicalId, config } = distributionOf(template);
  const distributionOrigin = {
    'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId, 'DomainName'] }]],
  };

  it('uses CloudFront’s own name and certificate, so it acknowledges CFR4', () => {
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
    expect(acknowledgedOnDistribution(synthesized)).toContain('AwsSolutions-CFR4');
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
  });

  it('uses https://{distribution domain} as APP_ORIGIN and the uploads CORS origin', () => {
    expect(new Set(appOrigins(template).map((origin) => JSON.stringify(origin)))).toEqual(
      new Set([JSON.stringify(distributionOrigin)]),
    );
    expect(uploadsCorsOrigins(template)).toEqual([[distributionOrigin]]);
  });

  it('can have a domain without a hosted zone (DNS managed elsewhere)', () => {
    const { template: manual } = synth('dev', { domainName, certificateArn });
    expect(distributionOf(manual).config.Aliases).toEqual([domainName]);
    manual.resourceCountIs('AWS::Route53::RecordSet', 0);
  });
});

describe('custom domain settings are checked at synthesis', () => {
  it.each([
    [{ domainName }, /both -c domainName=… and -c certificateArn=…/],
    [{ certificateArn }, /both -c domainName=… and -c certificateArn=…/],
    [{ domainName: 'App.Example.org', certificateArn }, /not a lowercase host name/],
    [{ domainName: 'localhost', certificateArn }, /not a lowercase host name/],
    [
      { domainName, certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') },
      /only from us-east-1/,
    ],
    [{ domainName, certificateArn: 'arn:aws:acm:us-east-1:123:certificate/x' }, /not an ACM/],
    [{ domainName, certificateArn, hostedZoneId: 'Z0123' }, /both -c hostedZoneId/],
    [
      { domainName, certificateArn, hostedZoneId: 'zone', hostedZoneName: 'example.org' },
      /not a Route 53 zone id/,
    ],
    [
      { domainName, certificateArn, hostedZoneId: 'Z0123', hostedZoneName: 'other.org' },
      /not inside the hosted zone other.org/,
    ],
    [
      // `example.org` must not count as inside `ample.org`.
      {
        domainName: 'example.org',
        certificateArn,
        hostedZoneId: 'Z1',
        hostedZoneName: 'ample.org',
      },
      /not inside the hosted zone/,
    ],
    [{ hostedZoneId: 'Z0123', hostedZoneName: 'example.org' }, /need -c domainName/],
  ])('refuses %j', (context, message) => {
    expect(() => parseCustomDomain(context)).toThrow(message);
    expect(() =>
      createTelehealthApp({ context: { 'aws:cdk:bundling-stacks': [], ...context } }),
    ).toThrow(message);
  });

  it('accepts the domain itself as the zone apex', () => {
    expect(
      parseCustomDomain({
        domainName: 'example.org',
        certificateArn,
        hostedZoneId: 'Z1',
        hostedZoneName: 'example.org',
      }),
    ).toEqual({
      domainName: 'example.org',
      certificateArn,
      hostedZone: { id: 'Z1', name: 'example.org' },
    });
  });
});

describe('Content-Security-Policy served by CloudFront', () => {
  const { template } = synth('dev');
  const [, policy] = onlyResource(template, 'AWS::CloudFront::ResponseHeadersPolicy');
  const header = (
    policy.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
    }
  ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
  // `Fn::Join` of text and references (the uploads origin names account and region), read
  // as text with `${Ref}` for each reference.
  const text = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
    if (join) return join[1].map(text).join(join[0]);
    return `\${${(value as { Ref: string }).Ref}}`;
  };
  const uploads =
    'https://telehealth-dev-uploads-${AWS::AccountId}-${AWS::Region}.s3.${AWS::Region}.${AWS::URLSuffix}';
  const directives = new Map(
    text(header)
      .replaceAll(uploads, 'UPLOADS')
      .split('; ')
      .map((entry) => {
        const [name, ...sources] = entry.split(' ');
        return [name!, sources] as const;
      }),
  );

  it('has exactly these directives and sources', () => {
    expect(Object.fromEntries(directives)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'UPLOADS'],
      'media-src': ["'self'", 'blob:', 'UPLOADS'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'UPLOADS', 'https://api.stripe.com', 'https://checkout.stripe.com'],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'frame-src': ['https://js.stripe.com', 'https://checkout.stripe.com', 'UPLOADS'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('matches the app shell: index.html has no inline script or handler the CSP would block', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      expect(attributes, tag).toMatch(/\bsrc="\/[^"]+"/);
      expect(body!.trim(), tag).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('logs keep no capability ids, or keep them briefly', () => {
  describe.each(['dev', 'prod'])('stage %s', (stage) => {
    const { template } = synth(stage);

    it('CloudFront logs to the access-log bucket without cookies, expiring after a week', () => {
      const { config } = distributionOf(template);
      expect(config.Logging?.Prefix).toBe(cloudFrontLogPrefix);
      expect(config.Logging?.IncludeCookies).toBe(false);
      const [, logBucket] = onlyResource(template, 'AWS::S3::Bucket', (properties) =>
        JSON.stringify(properties.LifecycleConfiguration ?? {}).includes(cloudFrontLogPrefix),
      );
      const rules = (
        logBucket.LifecycleConfiguration as {
          Rules: {
            Prefix?: string;
            ExpirationInDays?: number;
            NoncurrentVersionExpiration?: { NoncurrentDays: number };
          }[];
        }
      ).Rules;
      expect(rules.find((rule) => rule.Prefix === cloudFrontLogPrefix)).toMatchObject({
        ExpirationInDays: cloudFrontLogRetentionDays,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      });
      expect(cloudFrontLogRetentionDays).toBeLessThanOrEqual(7);
      // The distribution's log bucket is the one with the rule.
      expect(JSON.stringify(config.Logging?.Bucket)).toContain('AccessLogsBucket');
    });

    it.each([
      ['HTTP', 'HTTP'],
      ['WebSocket', 'WEBSOCKET'],
    ])(
      'the %s API access log names routes, never paths, query strings or headers',
      (_, protocol) => {
        const [apiId] = onlyResource(
          template,
          'AWS::ApiGatewayV2::Api',
          (properties) => properties.ProtocolType === protocol,
        );
        const [, apiStage] = onlyResource(
          template,
          'AWS::ApiGatewayV2::Stage',
          (properties) => JSON.stringify(properties.ApiId) === JSON.stringify({ Ref: apiId }),
        );
        const format = JSON.parse(
          (apiStage.AccessLogSettings as { Format: string }).Format,
        ) as Record<string, string>;
        const variables = Object.values(format);
        for (const variable of variables) {
          expect(variable).toMatch(/^\$context\.[A-Za-z.]+$/);
          expect(variable).not.toMatch(/path|querystring|header|cookie|uri|requestOverride/i);
        }
        expect(variables).toContain('$context.routeKey');
      },
    );
  });
});
