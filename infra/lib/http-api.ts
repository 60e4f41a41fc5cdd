import { Duration } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { gatewayAuthorizers, httpRoutes, ORIGIN_AUTHORIZER_CACHE_SECONDS, routeKey } from '#routes';
import { accessLogFormat, executeApiDomain } from './api-gateway-stage';
import { httpStageThrottle, routeThrottles, type Throttle } from './capacity';
import { handlerConstructId, type HandlerFunctions } from './handler-functions';
import type { LogGroups } from './log-groups';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface HttpApiProps {
  readonly config: StageConfig;
  readonly logGroups: LogGroups;
}

/**
 * Steady-state and burst limits of the whole API (requests per second), sized by the capacity
 * model for 10,000 waiting patients (infra/lib/capacity.ts, docs/capacity.md).
 */
export const httpApiThrottle = httpStageThrottle();

/** API Gateway allows up to 3600 s (`ORIGIN_AUTHORIZER_CACHE_SECONDS` of the route manifest says why 300). */
export const originAuthorizerCacheTtl = Duration.seconds(ORIGIN_AUTHORIZER_CACHE_SECONDS);

/**
 * The HTTP API behind CloudFront's `/api/*` behaviour. Routes come from the route manifest
 * (`functions/src/routes.ts`), the same file the local gateway serves, and are added with
 * `addManifestRoutes` once the handler functions exist (their environment needs this API's
 * neighbours, so the API is created first).
 */
export class HttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: CloudFront's origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);

    this.api = new apigwv2.HttpApi(this, 'Api', {
      apiName: `${resourcePrefix(props.config.stage)}-http`,
      description: 'Telehealth HTTP API (reached through CloudFront /api/*)',
      // The default stage is created below, with access logs and throttling.
      createDefaultStage: false,
    });

    const accessLogs = props.logGroups.create(this, 'AccessLogs');
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: httpApiThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // Route keys, not paths: the log shows which route ran without the ids in the path.
        format: accessLogFormat({
          routeKey: '$context.routeKey',
          status: '$context.status',
          protocol: '$context.protocol',
          responseLength: '$context.responseLength',
          integrationLatency: '$context.integrationLatency',
          integrationError: '$context.integrationErrorMessage',
        }),
      },
    });

    this.domainName = executeApiDomain(this, this.api.apiId);
  }

  /**
   * One route per manifest entry, each integrated with its handler's function and guarded by
   * the origin authorizer (a request without CloudFront's header never reaches a handler); the
   * routes of the capacity model's `routeThrottles` (sign-in, apply) get their own, lower limits.
   */
  addManifestRoutes(functions: HandlerFunctions): void {
    const throttles = routeThrottles();
    // API Gateway answers 401 itself when the header is missing or empty (the identity source),
    // and caches the authorizer's yes or no per value.
    const authorizer = new HttpLambdaAuthorizer(
      'OriginVerify',
      functions.forHandler(gatewayAuthorizers.originVerify),
      {
        authorizerName: 'origin-verify',
        identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        resultsCacheTtl: originAuthorizerCacheTtl,
      },
    );
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const [routeId, route] of Object.entries(httpRoutes)) {
      let integration = integrations.get(route.handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(
          `${handlerConstructId(route.handler)}Integration`,
          functions.forHandler(route.handler),
        );
        integrations.set(route.handler, integration);
      }
      const httpRoute = new apigwv2.HttpRoute(
        this,
        `Route${routeId.charAt(0).toUpperCase()}${routeId.slice(1)}`,
        {
          httpApi: this.api,
          routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
          integration,
          authorizer,
        },
      );
      const throttle = throttles[routeKey(route)];
      if (throttle) this.throttleRoute(httpRoute, routeKey(route), throttle);
    }
  }

  /**
   * A route's own throttle on the stage (`RouteSettings`; the L2 stage has only the stage-wide
   * one). API Gateway refuses settings for a route key it does not know yet, so the stage
   * waits for the route.
   */
  private throttleRoute(route: apigwv2.HttpRoute, key: string, throttle: Throttle): void {
    const stage = this.stage.node.defaultChild as apigwv2.CfnStage;
    const settings = (stage.routeSettings ?? {}) as Record<string, unknown>;
    stage.routeSettings = {
      ...settings,
      [key]: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
    };
    stage.node.addDependency(route);
  }
}
