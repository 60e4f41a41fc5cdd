/**
 * A stand-in for the browser's WebSocket: records every instance, lets a test open, message and
 * close it, and records what the page sent.
 */
export class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static get latest(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.at(-1);
  }

  readonly url: string;
  readonly sent: string[] = [];
  closedByPage = false;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closedByPage = true;
    this.dispatchEvent(new Event('close'));
  }

  /** The server accepted the connection. */
  serverOpen(): void {
    this.dispatchEvent(new Event('open'));
  }

  /** The server pushed a JSON message. */
  serverSend(message: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection dropped. */
  serverClose(): void {
    this.dispatchEvent(new Event('close'));
  }
}
