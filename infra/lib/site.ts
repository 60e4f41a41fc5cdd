import { Duration } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';
import {
  contentSecurityPolicy,
  hstsMaxAgeSeconds,
  permissionsPolicy,
  stripeSources,
} from '../../shared/src/http/site-headers';
import { siteRewriteCode } from '../../web/prerender/site-files';
import type { CustomDomain } from './custom-domain';
import type { StageConfig } from './stage-config';

export interface SiteProps {
  readonly config: StageConfig;
  /** Also receives CloudFront's standard logs, with their own short expiry (below). */
  readonly accessLogsBucket: s3.Bucket;
  /** Domain of the HTTP API (`/api/*`). */
  readonly httpApiDomain: string;
  /** Domain of the WebSocket API and the path of its stage (`/ws` → `/{stage}`). */
  readonly webSocketDomain: string;
  readonly webSocketStagePath: string;
  /** Origin of the uploads bucket, for the CSP. */
  readonly uploadsOrigin: string;
  /** Sent to the APIs as `x-origin-verify` (a Secrets Manager reference; DESIGN.md §6). */
  readonly originVerifySecret: string;
}

/** The header that proves a request came through the distribution (functions' client-address.ts). */
export const originVerifyHeader = 'x-origin-verify';

/** The path browsers open the WebSocket on (same origin as the app). */
export const webSocketPath = '/ws';
/** The path prefix of the HTTP API; the API's routes include it. */
export const apiPathPattern = '/api/*';

/** Where CloudFront's standard logs go in the access-log bucket. */
export const cloudFrontLogPrefix = 'cloudfront/';
/**
 * CloudFront's standard logs always hold the path, the query string and the referrer, and ids
 * in paths are capabilities (`/visit/{caseId}`, `/api/cases/{caseId}/status`), so they are kept
 * one week on every stage, not the access-log bucket's usual expiry (docs/security.md).
 */
export const cloudFrontLogRetentionDays = 7;

/**
 * Which file answers a path (a prerendered page, the app shell, the prerendered 404 page, or the
 * file itself): generated from the web app's route table (web/prerender/site-files.ts), the code
 * the local gateway runs too. Done per request on the default behaviour instead of with
 * distribution-wide custom error responses, which would also turn the API's own 403/404 answers
 * into pages.
 */
export const spaRewriteCode = siteRewriteCode();

/**
 * API Gateway WebSocket APIs accept connections only on the stage path itself (anything after
 * it is refused with 403), so `/ws` is rewritten to `/{stage}` before it reaches the origin.
 */
export function webSocketRewriteCode(stagePath: string): string {
  return `function handler(event) {
  var request = event.request;
  request.uri = ${JSON.stringify(stagePath)};
  return request;
}`;
}

/**
 * The private site bucket (the Vite build of web/) and the CloudFront distribution that serves
 * the app, `/api/*` and `/ws` from one origin (DESIGN.md §2).
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The host browsers use: the custom domain if the stage has one, else the distribution's. */
  readonly appDomain: string;
  /** `https://{appDomain}`: APP_ORIGIN, the uploads bucket's CORS origin, the outputs. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { config } = props;
    const domain = config.customDomain;

    this.bucket = new s3.Bucket(this, 'Bucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/site/',
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.isDev,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Telehealth security headers (DESIGN.md §6)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            uploadsOrigin: props.uploadsOrigin,
            payment: stripeSources,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        // Ids in URLs are capabilities (DESIGN.md §6): never send them to other origins.
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Prerendered pages, the app shell for app routes, 404.html for other paths',
      code: cloudfront.FunctionCode.fromInline(spaRewriteCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const webSocketRewrite = new cloudfront.Function(this, 'WebSocketRewrite', {
      comment: `${webSocketPath} goes to the WebSocket stage ${props.webSocketStagePath}`,
      code: cloudfront.FunctionCode.fromInline(webSocketRewriteCode(props.webSocketStagePath)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // The WebSocket handshake headers, Origin and the query string (the alert ticket, the room
    // token) reach $connect; no cookie: $connect authenticates by ticket (issue 8), so the
    // session cookie never reaches the WebSocket API. The Host header must stay API Gateway's own.
    const webSocketRequests = new cloudfront.OriginRequestPolicy(this, 'WebSocketRequests', {
      comment: 'WebSocket handshake to API Gateway',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'Sec-WebSocket-Key',
        'Sec-WebSocket-Version',
        'Sec-WebSocket-Protocol',
        'Sec-WebSocket-Extensions',
        'Origin',
        // The cross-origin rule reads it first, as for HTTP (docs/adr/0005).
        'Sec-Fetch-Site',
        'User-Agent',
      ),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });

    /**
     * An API Gateway origin: HTTPS only, TLS 1.2, with the header that proves a request came
     * through CloudFront (DESIGN.md §6).
     */
    const apiOrigin = (domainName: string) =>
      new origins.HttpOrigin(domainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        customHeaders: { [originVerifyHeader]: props.originVerifySecret },
      });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Telehealth ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(domain ? customDomainProps(this, domain) : {}),
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: cloudFrontLogPrefix,
      // The session cookie is a bearer credential: never in a log.
      logIncludesCookies: false,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [apiPathPattern]: {
          origin: apiOrigin(props.httpApiDomain),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
        [webSocketPath]: {
          // $connect refuses an upgrade without the origin header, as the HTTP handlers do.
          origin: apiOrigin(props.webSocketDomain),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: webSocketRequests,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: webSocketRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    this.appDomain = domain?.domainName ?? this.distribution.distributionDomainName;
    this.appOrigin = `https://${this.appDomain}`;
    if (domain?.hostedZone) this.addAliasRecords(domain.domainName, domain.hostedZone);

    // S3 honours the shorter of two overlapping expirations, so this prefix expires after a
    // week although the bucket's own rule keeps other access logs longer. Versioning keeps a
    // replaced object as noncurrent: that copy goes a day later.
    props.accessLogsBucket.addLifecycleRule({
      id: 'CloudFrontLogs',
      prefix: cloudFrontLogPrefix,
      expiration: Duration.days(cloudFrontLogRetentionDays),
      noncurrentVersionExpiration: Duration.days(1),
    });

    acknowledge(
      this.bucket,
      'HIPAA.Security-S3DefaultEncryptionKMS',
      'The site bucket holds the public web app build (no patient data) and is read by ' +
        'CloudFront through OAC; SSE-S3 avoids a KMS key policy for CloudFront.',
    );
    acknowledge(
      this.bucket,
      'HIPAA.Security-S3BucketReplicationEnabled',
      'The site is a build artefact that CI can upload again at any time.',
    );
    if (!domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'This stage has no custom domain (-c domainName, -c certificateArn), so CloudFront ' +
          'serves its *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes ' +
          '(TLSv1 and up) and no setting can raise; stages with a domain use TLSv1.2_2021.',
      );
    }
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The service is not restricted by country at this stage; geo restriction is a product ' +
        'decision, not a default.',
    );
  }

  /** `A` and `AAAA` aliases of the domain to the distribution (it serves IPv6 by default). */
  private addAliasRecords(domainName: string, hostedZone: NonNullable<CustomDomain['hostedZone']>) {
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: hostedZone.id,
      zoneName: hostedZone.name,
    });
    const target = route53.RecordTarget.fromAlias(
      new route53Targets.CloudFrontTarget(this.distribution),
    );
    new route53.ARecord(this, 'AliasA', { zone, recordName: domainName, target });
    new route53.AaaaRecord(this, 'AliasAaaa', { zone, recordName: domainName, target });
  }
}

/**
 * The custom domain's name and certificate, TLS 1.2 or newer for viewers and SNI (the
 * dedicated-IP alternative costs $600 a month and only helps clients from before 2010).
 * TLSv1.2_2021 allows TLS 1.2 and 1.3 with AEAD ciphers only, what the issue asks and cdk-nag's
 * CFR4 checks for; the 2025 policies (fewer TLS 1.2 ciphers, or TLS 1.3 only) are a later choice.
 */
function customDomainProps(
  scope: Construct,
  domain: CustomDomain,
): Partial<cloudfront.DistributionProps> {
  return {
    domainNames: [domain.domainName],
    certificate: acm.Certificate.fromCertificateArn(scope, 'Certificate', domain.certificateArn),
    minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    sslSupportMethod: cloudfront.SSLMethod.SNI,
  };
}
