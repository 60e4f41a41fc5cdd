import { permissionsOf, type HandlerPermissions } from '../../functions/src/handler-permissions';
import { permissionGuards, type AwsCall, type PermissionGuard } from '#core/permission-guard';
import { QUEUE_FAN_OUT_FUNCTION } from '#routes';
import { functionNameOf } from '../../functions/src/scheduled-runs';
import { tableRefusal } from './table-permission-check';

/**
 * The local IAM check (issue 11 item 1): what `infra/lib/handler-permissions.ts` grants a
 * function in AWS, applied here to the AWS calls of the handler the gateway runs, so every
 * integration and e2e test that goes through the gateway proves the declarations
 * (`functions/src/handler-permissions.ts`). A refused call throws an `AccessDeniedException`
 * like IAM's, and is remembered, so a refusal the handler swallows (a best-effort push) still
 * fails the suite (`local/testing/global-setup.ts`).
 */

export interface PermissionDenial {
  handler: string;
  /** e.g. `dynamodb:PutItem on CASE#…`: the action and a key prefix, never an id. */
  what: string;
}

const denials: PermissionDenial[] = [];

/** Refusals since the stack started (or since the last `takePermissionDenials`). */
export function takePermissionDenials(): PermissionDenial[] {
  return denials.splice(0);
}

// One guard per handler, made at its first invocation, not one per request.
const guards = new Map<string, PermissionGuard>();

/** Runs one invocation of `handler` with its declaration guarding every AWS call. */
export function runWithPermissions<Result>(handler: string, run: () => Result): Result {
  let guard = guards.get(handler);
  if (!guard) {
    guard = guardFor(handler, permissionsOf(handler));
    guards.set(handler, guard);
  }
  return permissionGuards.run(guard, run);
}

export function guardFor(handler: string, permissions: HandlerPermissions): PermissionGuard {
  return (call) => {
    const refusal = refusalOf(permissions, call);
    if (!refusal) return;
    denials.push({ handler, what: refusal });
    throw Object.assign(
      new Error(`Local IAM check: ${handler} may not ${refusal} (src/handler-permissions.ts)`),
      { name: 'AccessDeniedException', $fault: 'client', $metadata: { httpStatusCode: 403 } },
    );
  };
}

/** What of `call` the declaration does not allow, or null. */
export function refusalOf(permissions: HandlerPermissions, call: AwsCall): string | null {
  const input = (call.input ?? {}) as Record<string, unknown>;
  const action = call.command.replace(/Command$/, '');
  switch (call.dependency) {
    case 'DynamoDB':
      return tableRefusal(permissions, action, input);
    case 'S3':
      return uploadRefusal(permissions, action, input);
    case 'Scheduler':
      return permissions.schedules ? null : `scheduler:${action}`;
    case 'API Gateway':
      return permissions.push ? null : `execute-api:ManageConnections (${action})`;
    case 'SES':
      return permissions.email ? null : `ses:${action}`;
    case 'Kinesis Video':
      return permissions.iceServers ? null : `kinesisvideo:${action}`;
    case 'Lambda':
      return lambdaRefusal(permissions, action, input);
    case 'Secrets Manager':
      return secretRefusal(permissions, action, input);
    case 'Stripe':
      return null;
  }
}

/** `lambda:InvokeFunction` of the queue's fan-out worker only (`fansOutQueue`). */
function lambdaRefusal(
  permissions: HandlerPermissions,
  action: string,
  input: Record<string, unknown>,
): string | null {
  const target = typeof input.FunctionName === 'string' ? functionNameOf(input.FunctionName) : '?';
  if (action === 'Invoke' && permissions.fansOutQueue && target === QUEUE_FAN_OUT_FUNCTION) {
    return null;
  }
  return `lambda:${action === 'Invoke' ? 'InvokeFunction' : action} of ${target}`;
}

/**
 * Locally the secrets sit in the environment; `env.ts` reports each read of one as
 * `ReadSecretValue` so that it is checked like the GetSecretValue of its secret in AWS.
 */
function secretRefusal(
  permissions: HandlerPermissions,
  action: string,
  input: Record<string, unknown>,
): string | null {
  const declared: readonly string[] = permissions.secrets ?? [];
  if (action !== 'ReadSecretValue') return declared.length > 0 ? null : `secretsmanager:${action}`;
  const secret = typeof input.secret === 'string' ? input.secret : '?';
  return declared.includes(secret) ? null : `secretsmanager:GetSecretValue of the ${secret} secret`;
}

function uploadRefusal(
  permissions: HandlerPermissions,
  action: string,
  input: Record<string, unknown>,
): string | null {
  const uploads = permissions.uploads ?? {};
  const key = typeof input.Key === 'string' ? input.Key : '';
  const allowed = (prefixes: readonly string[] | undefined, objectKey: string) =>
    (prefixes ?? []).some((prefix) => objectKey.startsWith(prefix));
  const refuse = (iamAction: string, objectKey: string) =>
    `${iamAction} on ${objectKey.split('/').slice(0, -2).join('/')}/…`;
  switch (action) {
    case 'GetObject':
    case 'HeadObject':
      return allowed(uploads.read, key) ? null : refuse('s3:GetObject', key);
    case 'PutObject':
      return allowed(uploads.write, key) ? null : refuse('s3:PutObject', key);
    case 'DeleteObject':
      return allowed(uploads.delete, key) ? null : refuse('s3:DeleteObject', key);
    case 'CopyObject': {
      // A copy reads its source and writes its target.
      const copySource = typeof input.CopySource === 'string' ? input.CopySource : '';
      const source = copySource.replace(/^[^/]+\//, '');
      if (!allowed(uploads.read, source)) return refuse('s3:GetObject', source);
      return allowed(uploads.write, key) ? null : refuse('s3:PutObject', key);
    }
    default:
      return `s3:${action}`;
  }
}
