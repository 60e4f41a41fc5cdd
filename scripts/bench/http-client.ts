import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** How one request ended: an HTTP status, a timeout, or a network error (status 0). */
export interface HttpOutcome {
  status: number;
  /** The `Retry-After` header, when the answer had one. */
  retryAfter: string | undefined;
  timedOut: boolean;
  /** The body, when asked for (tickets); polls only drain it. */
  body: string;
  /**
   * When (performance.now()) the agent gave the request a connection, NaN if it never did: the
   * time before it is spent in this process's queue for one of the agent's connections.
   */
  socketAt: number;
  /** A network error's code (ECONNRESET, …) when status is 0 and the request did not time out. */
  networkError?: string;
}

const errorCode = (error: Error) => (error as NodeJS.ErrnoException).code ?? error.message;

const resolved = new Map<string, LookupAddress[]>();

/**
 * `dns.lookup` once per host name, then from memory (IPv4 first). Node looks the host up for
 * every new connection on libuv's 4-thread pool; profiled in a 10,000-patient run past capacity,
 * looking up `localhost` took 3.8 s of the load process's CPU and delayed every connection.
 */
export const cachedLookup: LookupFunction = (hostname, options, callback) => {
  const answer = (addresses: LookupAddress[]) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const known = resolved.get(hostname);
  if (known) {
    process.nextTick(answer, known);
    return;
  }
  dns.lookup(hostname, { all: true, verbatim: false }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    resolved.set(hostname, addresses);
    answer(addresses);
  });
};

/** Keep-alive connections, like a browser's; `maxSockets` bounds them per origin. */
export const keepAliveAgent = (maxSockets: number) =>
  new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, lookup: cachedLookup });

/**
 * The same for an origin that may be `https:` (a deployed stage behind CloudFront, for the
 * cloud load test); `httpRequest` picks the module by the URL's protocol.
 */
export const keepAliveAgentFor = (origin: URL, maxSockets: number): http.Agent =>
  origin.protocol === 'https:'
    ? new https.Agent({
        keepAlive: true,
        maxSockets,
        maxFreeSockets: maxSockets,
        lookup: cachedLookup,
      })
    : keepAliveAgent(maxSockets);

/**
 * One request with node:http (lighter per request than `fetch`, so the load process spends its
 * CPU on sending, not on its client). Never rejects: a timeout or network error is an outcome.
 */
export function httpRequest(
  agent: http.Agent,
  url: URL,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    timeoutMs: number;
    readBody?: boolean;
  },
): Promise<HttpOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let socketAt = Number.NaN;
    const settle = (outcome: Omit<HttpOutcome, 'socketAt'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, socketAt });
    };
    /** The connection or the answer broke: no status, the error's code kept. */
    const failed = (error: Error) =>
      settle({
        status: 0,
        retryAfter: undefined,
        timedOut: false,
        body: '',
        networkError: errorCode(error),
      });
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { agent, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        if (options.readBody) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          settle({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            timedOut: false,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', failed);
      },
    );
    const timer = setTimeout(
      () => {
        settle({ status: 0, retryAfter: undefined, timedOut: true, body: '' });
        // A request still waiting for a connection is dropped from the agent's queue; one on
        // the wire is left to finish (its answer is drained and ignored). Destroying it closed
        // the connection, and the next request opened a new one: past capacity every request
        // then sat at its deadline and the load opened 23,000-67,000 connections in 30 s.
        if (!request.socket) request.destroy();
      },
      Math.max(0, options.timeoutMs),
    );
    request.once('socket', () => {
      socketAt = performance.now();
    });
    request.on('error', failed);
    request.end();
  });
}
