import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helper: a webhook endpoint for the stand-in's tests (server.test.ts and the like). */

export interface Delivery {
  body: string;
  signature: string;
  contentType: string;
}

/** A webhook endpoint that records deliveries and answers with queued statuses (then 200). */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  readonly statuses: number[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.deliveries.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['stripe-signature'] ?? ''),
          contentType: String(req.headers['content-type'] ?? ''),
        });
        res.statusCode = this.statuses.shift() ?? 200;
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/stripe/webhook`;
  }

  async waitFor(count: number, timeoutMs = 5_000): Promise<Delivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.deliveries.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} deliveries, got ${this.deliveries.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.deliveries;
  }

  /** The delivered events' types, in arrival order (each delivery once, retries included). */
  types(): string[] {
    return this.deliveries.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type);
  }

  /** Waits until `count` deliveries of `type` arrived; returns their `data.object`s. */
  async waitForType<T = Record<string, unknown>>(
    type: string,
    count = 1,
    timeoutMs = 5_000,
  ): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const objects = this.deliveries
        .map((delivery) => JSON.parse(delivery.body) as { type: string; data: { object: T } })
        .filter((event) => event.type === type)
        .map((event) => event.data.object);
      if (objects.length >= count) return objects;
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} ${type} deliveries, got ${objects.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
