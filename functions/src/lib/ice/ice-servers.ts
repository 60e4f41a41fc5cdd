import type { IceServer, IceTransportPolicy } from '@shared/meetings/room';
import { env } from '#core/env';
import { turnRestCredentials } from './turn-rest';

export interface IceConfiguration {
  iceServers: IceServer[];
  iceTransportPolicy: IceTransportPolicy;
}

/**
 * The ICE servers a room page gets (DESIGN.md §7), from the first configured source: the
 * stage's pool of Kinesis Video signaling channels in the cloud (`KVS_CHANNEL_PREFIX` and
 * `KVS_CHANNEL_COUNT`), a TURN server with a shared secret locally (`TURN_URLS` +
 * `TURN_SECRET`, coturn in the relay tests), or none (loopback needs none).
 * `clientId` names the room party; Kinesis Video ties its credentials to it.
 */
export async function iceConfiguration(clientId: string): Promise<IceConfiguration> {
  const iceTransportPolicy = env.iceTransportPolicy;
  const channelPool = env.kvsChannelPool;
  const turnSecret = env.turnSecret;
  const turnUrls = env.turnUrls;
  let iceServers: IceServer[] = [];
  if (channelPool) {
    // Imported here, not with the handler: the two Kinesis Video clients are needed only in the
    // cloud, and in the bundle a dynamic import keeps their code from being evaluated at cold
    // start (issue 12 item 5).
    const { kvsIceServers } = await import('./kvs');
    iceServers = await kvsIceServers(channelPool, clientId, iceTransportPolicy === 'relay');
  } else if (turnUrls.length > 0 && turnSecret) {
    iceServers = [turnRestCredentials(turnUrls, turnSecret)];
  }
  return { iceServers, iceTransportPolicy };
}
