import { AsyncLocalStorage } from 'node:async_hooks';
import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
import type { Dependency } from './dependency-failure';

/**
 * The local stand-in for IAM (issue 11 item 1). In the local stack only, every AWS call of a
 * handler passes the guard the local gateway set for the handler it runs
 * (`local/gateway/permission-check.ts`, from `functions/src/handler-permissions.ts`); a call the
 * handler did not declare is refused as IAM would refuse it in the cloud. Code that runs outside
 * a handler (test seeding, the local stack itself) has no guard and is not checked. Lambda never
 * sets a guard, and `watchDependency` adds the middleware only outside Lambda.
 */
export interface AwsCall {
  dependency: Dependency;
  /** The SDK command, e.g. `PutItemCommand`. */
  command: string;
  input: unknown;
}

export type PermissionGuard = (call: AwsCall) => void;

export const permissionGuards = new AsyncLocalStorage<PermissionGuard>();

/** Checks a call the SDK signs without sending (a presigned POST) like one it sends. */
export function checkPermission(call: AwsCall): void {
  permissionGuards.getStore()?.(call);
}

export function permissionGuardMiddleware(
  dependency: Dependency,
): InitializeMiddleware<object, MetadataBearer> {
  return (next, context) => (args) => {
    // Before anything is sent: a refused call has no effect, as with IAM.
    checkPermission({ dependency, command: context.commandName ?? '', input: args.input });
    return next(args);
  };
}
