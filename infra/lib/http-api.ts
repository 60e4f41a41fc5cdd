import { Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { httpRoutes, routeKey } from '../../functions/src/routes';
import { httpStageThrottle, routeThrottles, type Throttle } from './capacity';
import { handlerConstructId, type HandlerFunctions } from './handler-functions';
import type { LogGroups } from './log-groups';
import { acknowledge } from './nag';
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
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            sourceIp: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    const stack = Stack.of(this);
    this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    // On this construct: it holds the API and its routes.
    acknowledge(
      this,
      'AwsSolutions-APIG4',
      'Authorization happens in the handlers: patients are anonymous by design (a random case ' +
        'id is the capability) and provider/admin routes check the session cookie and role on ' +
        'the server according to the route manifest (DESIGN.md §6).',
    );
  }

  /**
   * One route per manifest entry, each integrated with its handler's function; the routes of
   * the capacity model's `routeThrottles` (sign-in, apply) get their own, lower limits.
   */
  addManifestRoutes(functions: HandlerFunctions): void {
    const throttles = routeThrottles();
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
