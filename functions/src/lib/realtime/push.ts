import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { deleteConnection, forgetGoneConnection } from '#db/connections';
import { awsClientConfig, watchDependency } from '#core/aws-clients';
import { env } from '#core/env';

/**
 * Loaded on first use, not with the handler: many requests of the handlers that push never do
 * (docs/architecture.md, "Cold start").
 */
const managementSdk = () => import('../aws-sdk/apigateway-management');

let client: ApiGatewayManagementApiClient | undefined;

async function managementApi(): Promise<ApiGatewayManagementApiClient> {
  const { ApiGatewayManagementApiClient } = await managementSdk();
  client ??= watchDependency(
    new ApiGatewayManagementApiClient({
      ...awsClientConfig(),
      endpoint: env.webSocketManagementEndpoint,
    }),
    'API Gateway',
  );
  return client;
}

/**
 * Sends one JSON message to a WebSocket connection. A connection that has gone away (410) is
 * forgotten, so later broadcasts skip it, unless it is still connecting (`forgetGoneConnection`);
 * the caller learns whether the message was delivered.
 */
export async function pushToConnection(connectionId: string, message: unknown): Promise<boolean> {
  const { GoneException, PostToConnectionCommand } = await managementSdk();
  try {
    const api = await managementApi();
    await api.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException) {
      await forgetGoneConnection(connectionId);
      return false;
    }
    throw error;
  }
}

/**
 * Closes a connection from the server side (sign-out, revocation, an ended session) and forgets
 * it at once, without waiting for `$disconnect`. A connection already gone is not an error.
 */
export async function closeConnection(connectionId: string): Promise<void> {
  const { DeleteConnectionCommand, GoneException } = await managementSdk();
  try {
    const api = await managementApi();
    await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
  }
  await deleteConnection(connectionId);
}
