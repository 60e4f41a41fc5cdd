import type { Server } from 'node:http';
import * as mailboxModule from 'aws-ses-v2-local';
import { serverEnded } from './supervisor';

type StartMailbox = (config?: { host?: string; port?: number }) => Promise<Server>;

/** The package is CommonJS with `exports.default`; Node's ESM interop nests it one level. */
function startFunction(): StartMailbox {
  const candidate = mailboxModule.default as unknown as StartMailbox | { default: StartMailbox };
  return typeof candidate === 'function' ? candidate : candidate.default;
}

export interface LocalMailbox {
  endpoint: string;
  /** Settles when its server closes. */
  ended: Promise<string>;
  stop(): Promise<void>;
}

/** `aws-ses-v2-local`: the SES v2 API plus a web mailbox at `/` and `GET /store`. */
export async function startLocalMailbox(options: { port: number }): Promise<LocalMailbox> {
  const server = await startFunction()({ host: '127.0.0.1', port: options.port });
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    ended: serverEnded(server),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
