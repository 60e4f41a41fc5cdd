/**
 * The parts of this SDK client that `lib/invoke-async.ts` uses. It imports this module on first use,
 * not with the handler: docs/architecture.md, "Cold start", says why through a module of re-exports.
 */
export { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
