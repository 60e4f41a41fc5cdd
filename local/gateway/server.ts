import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { httpRoutes } from '../../functions/src/routes';
import { repoRoot } from '../config';
import { readBody, toHttpEvent, writeHttpResult, writeJson } from './http-events';
import { invoke } from './lambda-runtime';
import { createRouter } from './router';
import type { LocalScheduler } from './scheduler';
import { createStaticSite } from './static-site';
import { LocalWebSocketApi } from './websocket';

/** API Gateway's own cap on an HTTP API request body. */
const API_GATEWAY_MAX_BODY = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  host?: string;
  /** `dist` serves the built app; `dev` runs Vite in middleware mode with hot reload. */
  web: { mode: 'dist'; root: string } | { mode: 'dev' };
  siteHeaders: Record<string, string>;
  scheduler: LocalScheduler;
  /** Added to API requests and `/ws` upgrades as `x-origin-verify`, as CloudFront does (DESIGN.md §6). */
  originVerifySecret?: string;
  log?: (message: string) => void;
}

export interface Gateway {
  url: string;
  port: number;
  webSockets: LocalWebSocketApi;
  /** Settles when its server closes (`npm start`'s watcher, local/supervisor.ts). */
  ended: Promise<string>;
  close(): Promise<void>;
}

type WebHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/**
 * The local stand-in for CloudFront + API Gateway (HTTP and WebSocket) + the Management API +
 * EventBridge Scheduler's API, all on one origin like the cloud (DESIGN.md §2).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log = options.log ?? (() => {});
  const route = createRouter(Object.values(httpRoutes));
  const webSockets = new LocalWebSocketApi(log, options.originVerifySecret);
  const server: Server = createServer();
  let web: WebHandler;
  let closeWeb = async () => {};

  if (options.web.mode === 'dist') {
    web = createStaticSite(options.web.root, options.siteHeaders);
  } else {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.join(repoRoot, 'web', 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server } },
    });
    web = (req, res) => vite.middlewares(req, res);
    closeWeb = () => vite.close();
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const match = route(req.method ?? 'GET', url.pathname);
    if (match === 'bad-encoding') {
      writeJson(res, 400, { message: 'Bad request' });
      req.resume();
      return;
    }
    if (!match) {
      writeJson(res, 404, { message: 'Not Found' });
      req.resume();
      return;
    }
    // Like API Gateway: bodies up to 10 MB reach the handler, which applies the route's cap.
    const { body, tooLarge } = await readBody(req, API_GATEWAY_MAX_BODY);
    if (tooLarge) {
      writeJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const event = toHttpEvent(
      req,
      url,
      body,
      match.route,
      match.params,
      options.originVerifySecret,
    );
    try {
      writeHttpResult(res, await invoke(match.route.handler, event));
    } catch {
      // What Lambda's service error looks like through API Gateway; details stay in the log.
      log(`handler ${match.route.handler} threw`);
      writeJson(res, 500, { message: 'Internal Server Error' });
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const dispatch = async () => {
      if (url.pathname.startsWith('/api/')) return handleApi(req, res, url);
      if (url.pathname.startsWith('/@connections/') || url.pathname.startsWith('/schedules/')) {
        const { body } = await readBody(req, API_GATEWAY_MAX_BODY);
        if (webSockets.handleManagement(req, res, url, body)) return;
        if (options.scheduler.handle(req, res, url, body)) return;
        writeJson(res, 404, { message: 'Not Found' });
        return;
      }
      web(req, res, url);
    };
    dispatch().catch(() => {
      if (!res.headersSent) writeJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Vite's hot-reload socket shares this server in dev mode and handles its own upgrades.
    if (url.pathname !== '/ws') {
      if (options.web.mode === 'dist') socket.destroy();
      return;
    }
    void webSockets.handleUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    webSockets,
    ended: new Promise((resolve) => server.once('close', () => resolve('its server closed'))),
    close: async () => {
      webSockets.close();
      await closeWeb();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
