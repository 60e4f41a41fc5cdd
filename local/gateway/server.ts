import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { httpRoutes, ORIGIN_AUTHORIZER_CACHE_SECONDS } from '#routes';
import { DEPENDENCY_FAILURE_MESSAGE } from '#core/dependency-failure';
import { serviceUnavailable } from '#core/errors';
import { toErrorAnswer } from '#lib/http/envelope';
import { jsonResponse } from '#lib/http/response';
import { repoRoot } from '../config';
import {
  AdmissionGate,
  defaultAdmissionLimits,
  EventLoopDelay,
  type AdmissionLimits,
} from './admission';
import { authorizeHttp, refusalMessages } from './authorizer';
import { createAuthorizerCache } from './authorizer-cache';
import { readBody, toHttpEvent, writeHttpResult, writeJson, type ApiCaller } from './http-events';
import { invoke } from './lambda-runtime';
import { createRouter } from './router';
import type { LocalScheduler } from './scheduler';
import { createStaticSite } from './static-site';
import { LocalWebSocketApi } from './websocket';

/** API Gateway's own cap on an HTTP API request body. */
const API_GATEWAY_MAX_BODY = 10 * 1024 * 1024;
const SHED_REPORT_EVERY_MS = 10_000;

export interface GatewayOptions {
  port: number;
  host?: string;
  /**
   * A test network's public address (e2e/network): the gateway listens there as well, on the
   * same port, and its `url` names it, so browsers in other network namespaces reach the app.
   * The stack's own calls (scheduler, Stripe webhook) keep using the loopback address.
   */
  publicHost?: string;
  /** `dist` serves the built app; `dev` runs Vite in middleware mode with hot reload. */
  web: { mode: 'dist'; root: string } | { mode: 'dev' };
  siteHeaders: Record<string, string>;
  scheduler: LocalScheduler;
  /** More AWS APIs the stack serves here (Lambda Invoke, the failed-runs queue's SQS). */
  awsApis?: LocalAwsApi[];
  /**
   * Added to API requests and `/ws` upgrades as `x-origin-verify`, as CloudFront does
   * (DESIGN.md §6); the authorizer and the handlers accept it as the current secret.
   */
  originVerifySecret: string;
  /**
   * How long an answer of the HTTP API's origin authorizer is kept per header value, as API
   * Gateway keeps it (default `ORIGIN_AUTHORIZER_CACHE_SECONDS`; 0: every request runs it).
   */
  authorizerCacheSeconds?: number;
  /** Load shedding of API invocations (admission.ts); the defaults were sized on this machine. */
  admission?: AdmissionLimits;
  log?: (message: string) => void;
}

export interface Gateway {
  url: string;
  port: number;
  /**
   * API Gateway's own address (`execute-api`): the same APIs without CloudFront in front, so
   * nothing adds `x-origin-verify` (`/api/…` and the `/ws` upgrade). The origin authorizer
   * refuses what comes here without the secret (docs/adr/0011-origin-authorizer.md).
   */
  executeApiUrl: string;
  webSockets: LocalWebSocketApi;
  /** The admission limit of API invocations (tests hold its slots to saturate it). */
  admission: AdmissionGate;
  /** Settles when its server closes (`npm start`'s watcher, local/supervisor.ts). */
  ended: Promise<string>;
  close(): Promise<void>;
}

type WebHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** Answers one AWS API call and returns true, or returns false when it is not one of its own. */
export type LocalAwsApi = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
) => boolean;

/**
 * A call of the AWS SDK rather than of the site: the paths of the Management API, Scheduler and
 * Lambda's Invoke, or an AWS JSON protocol call (`x-amz-target`, e.g. SQS), which posts to `/`.
 */
function isAwsApiCall(req: IncomingMessage, url: URL): boolean {
  return (
    ['/@connections/', '/schedules/', '/2015-03-31/functions/'].some((prefix) =>
      url.pathname.startsWith(prefix),
    ) || typeof req.headers['x-amz-target'] === 'string'
  );
}

/**
 * The answer to a request past the admission limit: the API's own 503 (the error envelope,
 * `Retry-After` and headers of a failed dependency, functions/src/lib/http), so clients back
 * off from a busy stack exactly as from a busy DynamoDB. Built once, since past capacity the
 * gateway sends thousands a second; only the request id differs.
 */
function overloadedAnswer(): (res: ServerResponse, requestId: string) => void {
  const answer = toErrorAnswer(serviceUnavailable(DEPENDENCY_FAILURE_MESSAGE));
  const built = jsonResponse(answer.status, answer.body, '', answer.headers);
  const body = Buffer.from(built.body ?? '');
  const headers = Object.entries({ ...built.headers, 'content-length': String(body.length) })
    .filter(([name]) => name !== 'x-request-id')
    .flat();
  return (res, requestId) => {
    res.writeHead(answer.status, [...headers, 'x-request-id', requestId]);
    res.end(body);
  };
}

/** A request whose handling threw: API Gateway's 500, or a cut connection once it had begun. */
function answerFailure(res: ServerResponse): void {
  if (!res.headersSent) writeJson(res, 500, { message: 'Internal Server Error' });
  else res.destroy();
}

/**
 * The local stand-in for CloudFront + API Gateway (HTTP and WebSocket) + the Management API +
 * EventBridge Scheduler's API (+ `awsApis`), all on one origin like the cloud (DESIGN.md §2).
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log = options.log ?? (() => {});
  const authorizerAnswers = createAuthorizerCache(
    options.authorizerCacheSeconds ?? ORIGIN_AUTHORIZER_CACHE_SECONDS,
  );
  const route = createRouter(Object.values(httpRoutes));
  const webSockets = new LocalWebSocketApi(log);
  const throughCloudFront: ApiCaller = {
    cloudFront: { originVerifySecret: options.originVerifySecret },
  };
  const eventLoopDelay = new EventLoopDelay();
  const overloaded = overloadedAnswer();
  const admission = new AdmissionGate(
    options.admission ?? defaultAdmissionLimits,
    () => eventLoopDelay.ms,
  );
  // One line per burst of refusals, not one per request: the log must not add to the load.
  let lastShedReport = 0;
  const reportShedding = () => {
    const now = Date.now();
    if (now - lastShedReport < SHED_REPORT_EVERY_MS) return;
    lastShedReport = now;
    const { maxInFlight, maxQueued, maxEventLoopDelayMs } = admission.limits;
    log(
      `gateway over capacity: ${admission.refused} API requests answered 503 so far ` +
        `(${admission.refusedLate} while the event loop ran late; ` +
        `GATEWAY_MAX_IN_FLIGHT=${maxInFlight}, GATEWAY_MAX_QUEUED=${maxQueued}, ` +
        `GATEWAY_MAX_LAG_MS=${maxEventLoopDelayMs}; event loop ` +
        `${Math.round(eventLoopDelay.ms)} ms late)`,
    );
  };
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

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    caller: ApiCaller,
  ): Promise<void> {
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
    // Past capacity, refuse before reading the body or building the event: the cheapest
    // answer a saturated process can give (Node drains an unread body after the answer, so
    // the keep-alive connection stays usable).
    if (admission.refusesNow()) {
      admission.countRefusal();
      overloaded(res, randomUUID());
      reportShedding();
      return;
    }
    // Like API Gateway: bodies up to 10 MB reach the handler, which applies the route's cap.
    const { body, tooLarge } = await readBody(req, API_GATEWAY_MAX_BODY);
    if (tooLarge) {
      writeJson(res, 413, { message: 'Request Entity Too Large' });
      return;
    }
    const event = toHttpEvent(req, url, body, match.route, match.params, caller);
    // Like API Gateway: the route's authorizer runs first; a refusal invokes no handler.
    const verdict = await authorizeHttp(
      authorizerAnswers,
      event.routeKey,
      event.rawPath,
      event.headers,
      event.requestContext.http.sourceIp,
    );
    if (!verdict.allowed) {
      writeJson(res, verdict.status, { message: refusalMessages[verdict.status] });
      return;
    }
    // Like Lambda's concurrency limit, after API Gateway has read the body.
    const release = await admission.acquire();
    if (!release) {
      overloaded(res, event.requestContext.requestId);
      reportShedding();
      return;
    }
    try {
      writeHttpResult(res, await invoke(match.route.handler, event));
    } catch {
      // What Lambda's service error looks like through API Gateway; details stay in the log.
      log(`handler ${match.route.handler} threw`);
      writeJson(res, 500, { message: 'Internal Server Error' });
    } finally {
      release();
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const dispatch = async () => {
      if (url.pathname.startsWith('/api/')) return handleApi(req, res, url, throughCloudFront);
      if (isAwsApiCall(req, url)) {
        const { body } = await readBody(req, API_GATEWAY_MAX_BODY);
        if (webSockets.handleManagement(req, res, url, body)) return;
        if (options.scheduler.handle(req, res, url, body)) return;
        if (options.awsApis?.some((handle) => handle(req, res, url, body))) return;
        writeJson(res, 404, { message: 'Not Found' });
        return;
      }
      web(req, res, url);
    };
    dispatch().catch(() => answerFailure(res));
  });

  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Vite's hot-reload socket shares this server in dev mode and handles its own upgrades.
    if (url.pathname !== '/ws') {
      if (options.web.mode === 'dist') socket.destroy();
      return;
    }
    void webSockets.handleUpgrade(req, socket, head, throughCloudFront);
  });

  // API Gateway's own address: the APIs only, nothing CloudFront adds.
  const executeApi: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/api/')) {
      writeJson(res, 404, { message: 'Not Found' });
      return;
    }
    handleApi(req, res, url, 'direct').catch(() => answerFailure(res));
  });
  executeApi.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') socket.destroy();
    else void webSockets.handleUpgrade(req, socket, head, 'direct');
  });

  const listen = (one: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      one.once('error', reject);
      one.listen(port, options.host ?? '127.0.0.1', () =>
        resolve((one.address() as AddressInfo).port),
      );
    });
  const port = await listen(server, options.port);
  const executeApiPort = await listen(executeApi, 0);
  // The same site on the public address: a second listener handing everything to the first.
  const publicServer = options.publicHost ? createServer() : undefined;
  if (publicServer) {
    publicServer.on('request', (req, res) => server.emit('request', req, res));
    publicServer.on('upgrade', (req, socket, head) => server.emit('upgrade', req, socket, head));
    await new Promise<void>((resolve, reject) => {
      publicServer.once('error', reject);
      publicServer.listen(port, options.publicHost, () => resolve());
    });
  }
  return {
    url: `http://${options.publicHost ?? 'localhost'}:${port}`,
    port,
    executeApiUrl: `http://localhost:${executeApiPort}`,
    webSockets,
    admission,
    ended: new Promise((resolve) => server.once('close', () => resolve('its server closed'))),
    close: async () => {
      eventLoopDelay.stop();
      webSockets.close();
      await closeWeb();
      for (const one of [executeApi, ...(publicServer ? [publicServer] : []), server]) {
        one.closeAllConnections();
        await new Promise<void>((resolve) => one.close(() => resolve()));
      }
    },
  };
}
