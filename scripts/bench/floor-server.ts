import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCaseBundle } from '#db/cases/bundle';

/**
 * The floor under the status ratio: a bare `node:http` server in the stack's process that answers
 * every request with the status route's one read (`getCaseBundle`: the same Query, through the
 * handlers' own DynamoDB client) and the case as JSON, and nothing else: no gateway, no event, no
 * middleware, no validation, no permission guard, no logging. Whatever this serves below the raw
 * Query is what one HTTP hop in Node costs on this machine before any of the product's code runs,
 * so the bench prints it beside the goal (docs/performance.md "The status ratio").
 */
export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

export async function startFloorServer(caseId: string): Promise<FloorServer> {
  const server: Server = createServer((_request, response) => {
    getCaseBundle(caseId).then(
      (bundle) => {
        const body = JSON.stringify(bundle?.case ?? null);
        response.writeHead(bundle ? 200 : 404, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      () => {
        response.writeHead(503, { 'content-length': 0 });
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
