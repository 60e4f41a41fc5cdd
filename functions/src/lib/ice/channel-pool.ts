import { createHash } from 'node:crypto';
import type { TurnChannelPool } from '#core/env';

/*
 * The stage's pool of Kinesis Video signaling channels, used only for their TURN servers
 * (docs/adr/0009-turn-channel-pool.md). The stack names the channels `{namePrefix}000`,
 * `{namePrefix}001`, … and gives the room session the prefix and the count; both sides name a
 * channel with `turnChannelName`, so the names the stack creates and the names the function asks
 * for cannot drift apart.
 */

/**
 * Three digits: the IAM policy matches exactly the pool's names with `{namePrefix}???`, which a
 * wildcard `*` would not (it would also match any longer name that shares the prefix).
 */
export const TURN_CHANNEL_INDEX_DIGITS = 3;
export const MAX_TURN_CHANNELS = 10 ** TURN_CHANNEL_INDEX_DIGITS;

export function turnChannelName(namePrefix: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_TURN_CHANNELS) {
    throw new Error(`TURN channel index ${index} is outside 0…${MAX_TURN_CHANNELS - 1}`);
  }
  return `${namePrefix}${String(index).padStart(TURN_CHANNEL_INDEX_DIGITS, '0')}`;
}

/**
 * The channel of one room party (`key`: its Kinesis Video client id, `{meetingId}-{role}`):
 * the same party always lands on the same channel, so its cached credentials and a rejoin stay
 * there, and parties spread evenly over the pool without any shared state to keep.
 */
export function turnChannelFor(pool: TurnChannelPool, key: string): string {
  const digest = createHash('sha256').update(key).digest();
  return turnChannelName(pool.namePrefix, digest.readUInt32BE(0) % pool.size);
}
