import { createHash } from 'node:crypto';
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import {
  gatewayAuthorizers,
  handlerModulePath,
  httpRoutes,
  scheduledTargets,
  webSocketRoutes,
} from '#routes';
import { handlerCode } from './handler-bundling';
import type { LogGroups } from './log-groups';
import { resourcePrefix, type StageConfig } from './stage-config';

/**
 * Every distinct handler module named by the route manifest (HTTP, WebSocket, scheduled targets
 * and API Gateway's authorizers), sorted.
 */
export function manifestHandlers(): string[] {
  const names = [
    ...Object.values(httpRoutes).map((route) => route.handler),
    ...Object.values(webSocketRoutes),
    ...Object.values(scheduledTargets),
    ...Object.values(gatewayAuthorizers),
  ];
  return [...new Set<string>(names)].sort();
}

/** `doctor-applications/get-status` → `DoctorApplicationsGetStatus` (the construct id). */
export function handlerConstructId(handler: string): string {
  return handler
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

const maxFunctionNameLength = 64;

/**
 * `telehealth-{stage}-doctor-applications-get-status`. Lambda allows 64 characters; a longer
 * name keeps its start and ends with a short hash of the full name, so it stays unique.
 */
export function handlerFunctionName(stage: string, handler: string): string {
  const slug = handler
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const name = `${resourcePrefix(stage)}-${slug}`;
  if (name.length <= maxFunctionNameLength) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, maxFunctionNameLength - hash.length - 1)}-${hash}`;
}

export interface HandlerFunctionsProps {
  readonly config: StageConfig;
  readonly logGroups: LogGroups;
  /** Environment shared by every handler (DESIGN.md: `functions/src/core/env.ts`). */
  readonly environment: Record<string, string>;
}

/**
 * One Lambda function per distinct handler module of the route manifest: several routes may share
 * a handler, and a handler is bundled once. Each function has its own role (which may only
 * write its own log group here; `grantDeclaredPermissions` in `handler-permissions.ts` adds what
 * its handler declares) and its own encrypted log group.
 */
export class HandlerFunctions extends Construct {
  private readonly functions = new Map<string, lambda.Function>();

  constructor(scope: Construct, id: string, props: HandlerFunctionsProps) {
    super(scope, id);
    for (const handler of manifestHandlers()) {
      this.functions.set(handler, this.createFunction(handler, props));
    }
  }

  /** The function of a handler module named by the manifest. */
  forHandler(handler: string): lambda.Function {
    const fn = this.functions.get(handler);
    if (!fn) throw new Error(`No function for handler ${handler}`);
    return fn;
  }

  get all(): lambda.Function[] {
    return [...this.functions.values()];
  }

  private createFunction(handler: string, props: HandlerFunctionsProps): lambda.Function {
    const scope = new Construct(this, handlerConstructId(handler));
    const functionName = handlerFunctionName(props.config.stage, handler);

    const logGroup = props.logGroups.create(scope, 'Logs', `/aws/lambda/${functionName}`);
    // An explicit role instead of AWSLambdaBasicExecutionRole: writing to its own log group only.
    const role = new iam.Role(scope, 'Role', {
      description: `Runs the ${handler} handler`,
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    });
    logGroup.grantWrite(role);

    return new lambda.Function(scope, 'Function', {
      functionName,
      description: `functions/src/features/${handlerModulePath(handler)}`,
      // index.mjs and its lazily loaded chunks (infra/lib/handler-bundling.ts).
      code: handlerCode(handler),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(15),
      role,
      logGroup,
      // No NODE_OPTIONS=--enable-source-maps: Node would read and parse the bundle's source map
      // at every cold start (15-18 ms); a logged error maps its frames itself
      // (functions/src/lib/source-mapped-stack.ts, docs/architecture.md "Cold start").
      environment: props.environment,
    });
  }
}
