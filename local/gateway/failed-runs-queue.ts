import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A message as SQS holds it; `receiptHandle` names its latest receipt. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  sentAt: number;
  /** Epoch milliseconds from which a receive may return it. */
  visibleAt: number;
  receiveCount: number;
  receiptHandle?: string;
}

export interface ReceivedMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
}

/**
 * The local stand-in for the failed-runs queue (`telehealth-{stage}-target-dlq`): a standard SQS
 * queue of one process, kept in a JSON file of the stack's data directory so a failed refund
 * survives a restart. It does what the replay command needs of SQS: send, receive with a
 * visibility timeout, delete and change visibility by receipt handle.
 */
export class LocalFailedRunsQueue {
  private readonly messages: QueuedMessage[];
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'failed-runs.json');
    this.messages = this.load();
  }

  send(body: string): string {
    const messageId = randomUUID();
    this.messages.push({ messageId, body, sentAt: Date.now(), visibleAt: 0, receiveCount: 0 });
    this.save();
    return messageId;
  }

  /** Up to `max` visible messages, each hidden for `visibilitySeconds` under a new receipt. */
  receive(max: number, visibilitySeconds: number): ReceivedMessage[] {
    const now = Date.now();
    const received = this.messages
      .filter((message) => message.visibleAt <= now)
      .slice(0, max)
      .map((message) => {
        message.receiveCount += 1;
        message.visibleAt = now + visibilitySeconds * 1000;
        message.receiptHandle = randomUUID();
        return {
          MessageId: message.messageId,
          ReceiptHandle: message.receiptHandle,
          MD5OfBody: createHash('md5').update(message.body).digest('hex'),
          Body: message.body,
        };
      });
    if (received.length > 0) this.save();
    return received;
  }

  /** False when no message holds that receipt (deleted already, or received again since). */
  delete(receiptHandle: string): boolean {
    const index = this.messages.findIndex((message) => message.receiptHandle === receiptHandle);
    if (index === -1) return false;
    this.messages.splice(index, 1);
    this.save();
    return true;
  }

  changeVisibility(receiptHandle: string, visibilitySeconds: number): boolean {
    const message = this.messages.find((entry) => entry.receiptHandle === receiptHandle);
    if (!message) return false;
    message.visibleAt = Date.now() + visibilitySeconds * 1000;
    this.save();
    return true;
  }

  /** Every message, visible or not (tests and the stack's own log). */
  list(): readonly QueuedMessage[] {
    return this.messages;
  }

  private load(): QueuedMessage[] {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as QueuedMessage[];
    } catch {
      return [];
    }
  }

  private save(): void {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.messages, null, 2));
    renameSync(temporary, this.file);
  }
}
