/**
 * `BroadcastChannel` between the pages of one test: a message reaches every other open channel
 * of the same name, in a microtask (the browser delivers it as a task, never synchronously).
 * `FakeBroadcastChannel.tab(name)` is another tab's end, for the test to post and listen on.
 */
export class FakeBroadcastChannel extends EventTarget {
  static open: FakeBroadcastChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly received: unknown[] = [];
  private closed = false;

  constructor(readonly name: string) {
    super();
    FakeBroadcastChannel.open.push(this);
  }

  static reset(): void {
    FakeBroadcastChannel.open = [];
  }

  /** Another tab's end of `name`. */
  static tab(name: string): FakeBroadcastChannel {
    return new FakeBroadcastChannel(name);
  }

  postMessage(data: unknown): void {
    if (this.closed) throw new DOMException('Channel is closed', 'InvalidStateError');
    const receivers = FakeBroadcastChannel.open.filter(
      (channel) => channel !== this && channel.name === this.name,
    );
    queueMicrotask(() => {
      for (const channel of receivers) {
        if (channel.closed) continue;
        channel.received.push(structuredClone(data));
        const event = new MessageEvent('message', { data: structuredClone(data) });
        channel.onmessage?.(event);
        channel.dispatchEvent(event);
      }
    });
  }

  close(): void {
    this.closed = true;
    FakeBroadcastChannel.open = FakeBroadcastChannel.open.filter((channel) => channel !== this);
  }
}
