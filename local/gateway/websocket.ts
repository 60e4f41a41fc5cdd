import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { ORIGIN_VERIFY_HEADER } from '#lib/http/client-address';
import { webSocketRoutes, type WebSocketRouteKey } from '#routes';
import { authorizeConnect, refusalMessages } from './authorizer';
import { invoke } from './lambda-runtime';
import { writeJson, type ApiCaller } from './http-events';

type EventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  sourceIp: string;
}

function statusOf(result: unknown): number {
  if (typeof result === 'object' && result !== null && 'statusCode' in result) {
    return Number(result.statusCode) || 200;
  }
  return 200;
}

/** The answer to a refused upgrade, as API Gateway writes it. */
function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The local API Gateway WebSocket API on `/ws`: the origin authorizer, then `$connect`, run
 * before the upgrade completes (a refusal or a non-2xx answer refuses it), every message is a
 * `$default` event, a close is `$disconnect`.
 * It also serves the Management API (`POST/GET/DELETE /@connections/{id}`) that handlers use to
 * push, answering 410 GoneException for connections that are gone.
 */
export class LocalWebSocketApi {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  private readonly connections = new Map<string, Connection>();

  constructor(private readonly log: (message: string) => void = () => {}) {}

  get connectionCount(): number {
    return this.connections.size;
  }

  private event(
    routeKey: WebSocketRouteKey,
    eventType: EventType,
    connectionId: string,
    connection: Pick<Connection, 'connectedAt' | 'sourceIp'>,
    extra: Partial<APIGatewayProxyWebsocketEventV2> & Record<string, unknown> = {},
  ): APIGatewayProxyWebsocketEventV2 {
    const now = Date.now();
    return {
      requestContext: {
        routeKey,
        eventType,
        messageId: eventType === 'MESSAGE' ? randomUUID() : undefined,
        extendedRequestId: randomUUID(),
        requestTime: new Date(now).toUTCString(),
        messageDirection: 'IN',
        stage: '$default',
        connectedAt: connection.connectedAt,
        requestTimeEpoch: now,
        requestId: randomUUID(),
        domainName: 'localhost',
        connectionId,
        apiId: 'local',
        identity: { sourceIp: connection.sourceIp },
      } as APIGatewayProxyWebsocketEventV2['requestContext'],
      isBase64Encoded: false,
      ...extra,
    };
  }

  /**
   * An upgrade through CloudFront's `/ws` (which replaces a viewer's `x-origin-verify` with the
   * secret) or sent to API Gateway's own address (`direct`: headers as the caller wrote them).
   */
  async handleUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    caller: ApiCaller,
  ): Promise<void> {
    const connectionId = randomBytes(12).toString('base64');
    const meta = {
      connectedAt: Date.now(),
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    };
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => caller === 'direct' || name !== ORIGIN_VERIFY_HEADER)
        .map(([name, value]) => [name, String(value)]),
    );
    if (caller !== 'direct') headers[ORIGIN_VERIFY_HEADER] = caller.cloudFront.originVerifySecret;
    const verdict = await authorizeConnect(headers, meta.sourceIp);
    if (!verdict.allowed) {
      refuse(socket, verdict.status, refusalMessages[verdict.status]);
      return;
    }
    let status: number;
    try {
      status = statusOf(
        await invoke(
          webSocketRoutes.$connect,
          this.event('$connect', 'CONNECT', connectionId, meta, {
            headers,
            queryStringParameters: Object.fromEntries(url.searchParams),
          }),
        ),
      );
    } catch {
      status = 500;
    }
    if (status < 200 || status >= 300) {
      refuse(socket, status, 'Refused');
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => {
      this.connections.set(connectionId, { socket: ws, ...meta });
      ws.on('message', (data: Buffer) => {
        void invoke(
          webSocketRoutes.$default,
          this.event('$default', 'MESSAGE', connectionId, meta, { body: data.toString('utf8') }),
        ).catch(() => this.log(`$default failed for a connection`));
      });
      ws.on('close', () => {
        this.connections.delete(connectionId);
        void invoke(
          webSocketRoutes.$disconnect,
          this.event('$disconnect', 'DISCONNECT', connectionId, meta),
        ).catch(() => this.log(`$disconnect failed for a connection`));
      });
    });
  }

  /** The Management API; returns false when the path is not `/@connections/...`. */
  handleManagement(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): boolean {
    const match = /^\/@connections\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    const connectionId = decodeURIComponent(match[1]!);
    const connection = this.connections.get(connectionId);
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      writeJson(res, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
      return true;
    }
    if (req.method === 'POST') {
      connection.socket.send(body.toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      connection.socket.close(1000);
      res.writeHead(204).end();
    } else if (req.method === 'GET') {
      writeJson(res, 200, {
        ConnectedAt: new Date(connection.connectedAt).toISOString(),
        Identity: { SourceIp: connection.sourceIp },
        LastActiveAt: new Date().toISOString(),
      });
    } else {
      writeJson(res, 405, { message: 'Method not allowed' });
    }
    return true;
  }

  close(): void {
    for (const { socket } of this.connections.values()) socket.terminate();
    this.connections.clear();
    this.server.close();
  }
}
