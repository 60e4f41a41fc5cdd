import net from 'node:net';

/** A port the OS says is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a port'));
      });
    });
  });
}

export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} (${service}) is already in use. Stop whatever uses it, or choose another port ` +
        `(PORT for the app; see docs/local-development.md for the others).`,
    );
  }
}

/** Fails early and clearly when a fixed port is taken, instead of a stack trace later. */
export function assertPortFree(service: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () => reject(new PortInUseError(service, port)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Polls until `probe` succeeds or the deadline passes. */
export async function waitFor(
  what: string,
  probe: () => Promise<unknown>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${String(lastError)}`);
}
