import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { JavaMissingError, startDynamoDbLocal } from './dynamodb';
import { PortInUseError, assertPortFree, freePort } from './ports';

describe('local stack start-up errors', () => {
  it('names the service and port when a port is taken', async () => {
    const server = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      const error = await assertPortFree('app', port).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as Error).message).toContain(`Port ${port} (app) is already in use`);
    } finally {
      server.close();
    }
    await expect(assertPortFree('app', port)).resolves.toBeUndefined();
  });

  it('says how to install Java when it is missing', async () => {
    vi.stubEnv('PATH', '/nonexistent');
    try {
      const error = await startDynamoDbLocal({ port: await freePort() }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(JavaMissingError);
      expect((error as Error).message).toContain('apt-get install -y openjdk-17-jre-headless');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
