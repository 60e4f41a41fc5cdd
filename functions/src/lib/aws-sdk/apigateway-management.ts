/**
 * The parts of this SDK client that `lib/realtime/push.ts` uses. It imports this module on first use, not
 * with the handler: docs/architecture.md, "Cold start", says why through a module of re-exports.
 */
export {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
