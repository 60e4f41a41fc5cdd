import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { gatewayAuthorizers, webSocketRoutes } from '#routes';
import { accessLogFormat, executeApiDomain } from './api-gateway-stage';
import { webSocketRouteThrottles, webSocketStageThrottle } from './capacity';
import { handlerConstructId, type HandlerFunctions } from './handler-functions';
import type { LogGroups } from './log-groups';
import { acknowledge } from './nag';
import { resourcePrefix, type StageConfig } from './stage-config';

export interface WebSocketApiProps {
  readonly config: StageConfig;
  readonly logGroups: LogGroups;
}

/**
 * Limits of the stage (messages and connection attempts per second), from the capacity model
 * (infra/lib/capacity.ts, docs/capacity.md).
 */
export const webSocketThrottle = webSocketStageThrottle();

/**
 * The WebSocket API behind CloudFront's `/ws` behaviour: live alerts for providers and the
 * video room's signalling (DESIGN.md §7). Its stage is named after the deployment stage.
 */
export class WebSocketApi extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: CloudFront's origin. */
  readonly domainName: string;
  /** The path of the stage on that domain (`/{stage}`); nothing may follow it. */
  readonly stagePath: string;
  /** `https://…/{stage}`: the API Gateway Management API endpoint for this stage. */
  readonly managementEndpoint: string;

  constructor(scope: Construct, id: string, props: WebSocketApiProps) {
    super(scope, id);

    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `${resourcePrefix(props.config.stage)}-ws`,
      description: 'Telehealth WebSocket API (reached through CloudFront /ws)',
    });

    const accessLogs = props.logGroups.create(this, 'AccessLogs');
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.config.stage,
      autoDeploy: true,
      throttle: webSocketThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: accessLogFormat({
          eventType: '$context.eventType',
          routeKey: '$context.routeKey',
          connectionId: '$context.connectionId',
          status: '$context.status',
          integrationLatency: '$context.integrationLatency',
          error: '$context.error.message',
        }),
      },
    });

    this.domainName = executeApiDomain(this, this.api.apiId);
    this.stagePath = `/${props.config.stage}`;
    this.managementEndpoint = this.stage.callbackUrl;

    acknowledge(
      this.api,
      'AwsSolutions-APIG4',
      'API Gateway runs authorizers on $connect only: $connect has the origin authorizer ' +
        '(docs/adr/0011-origin-authorizer.md); $disconnect and $default belong to a ' +
        'connection $connect admitted, and its handler checked the ticket (DESIGN.md §6-7).',
    );
  }

  /**
   * `$connect`, `$disconnect` and `$default` from the manifest, each to its handler; `$connect`
   * behind the origin authorizer, so an upgrade without CloudFront's header invokes no handler
   * (API Gateway answers 401 when it is missing, 403 when the authorizer denies it). WebSocket
   * authorizers are not cached.
   */
  addManifestRoutes(functions: HandlerFunctions): void {
    const authorizer = new WebSocketLambdaAuthorizer(
      'OriginVerify',
      functions.forHandler(gatewayAuthorizers.originVerify),
      {
        authorizerName: 'origin-verify',
        identitySource: [`route.request.header.${ORIGIN_VERIFY_HEADER}`],
      },
    );
    const throttles: Record<string, { rateLimit: number; burstLimit: number }> =
      webSocketRouteThrottles();
    const stage = this.stage.node.defaultChild as apigwv2.CfnStage;
    for (const [routeKey, handler] of Object.entries(webSocketRoutes)) {
      const route = this.api.addRoute(routeKey, {
        integration: new WebSocketLambdaIntegration(
          `${handlerConstructId(handler)}Integration`,
          functions.forHandler(handler),
        ),
        ...(routeKey === '$connect' ? { authorizer } : {}),
      });
      const throttle = throttles[routeKey];
      if (!throttle) continue;
      // The route's own throttle (issue 25): API Gateway refuses settings for a route key it does
      // not know yet, so the stage waits for the route.
      stage.routeSettings = {
        ...((stage.routeSettings ?? {}) as Record<string, unknown>),
        [routeKey]: {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        },
      };
      stage.node.addDependency(route);
    }
  }

  /** `execute-api:ManageConnections` on this stage's connections (push, disconnect). */
  grantManageConnections(grantee: iam.IGrantable): iam.Grant {
    return this.stage.grantManagementApiAccess(grantee);
  }
}
