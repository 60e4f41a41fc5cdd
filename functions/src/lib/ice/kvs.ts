import {
  DescribeSignalingChannelCommand,
  GetSignalingChannelEndpointCommand,
  KinesisVideoClient,
} from '@aws-sdk/client-kinesis-video';
import {
  GetIceServerConfigCommand,
  KinesisVideoSignalingClient,
} from '@aws-sdk/client-kinesis-video-signaling';
import type { IceServer } from '@shared/meetings/room';
import { awsClientConfig, watchDependency } from '#core/aws-clients';
import type { TurnChannelPool } from '#core/env';
import { turnChannelFor } from './channel-pool';
import { ExpiringCache } from './expiring-cache';
import { trimTurnServers } from './turn-servers';

/**
 * Cloud TURN (DESIGN.md §7, docs/adr/0009-turn-channel-pool.md): short-lived credentials from
 * one of the stage's Kinesis Video signaling channels, the one the party hashes to. A channel's
 * ARN and HTTPS endpoint do not change, so each is looked up once per container; a party's
 * credentials are reused until shortly before they expire, so a rejoin or an ICE restart on a
 * warm container costs no `GetIceServerConfig` (5 per second per channel).
 */
let kinesisVideo: KinesisVideoClient | undefined;
const signalingClients = new Map<string, KinesisVideoSignalingClient>();
const channelArns = new Map<string, Promise<string>>();
const endpoints = new Map<string, Promise<string>>();
const credentials = new ExpiringCache<IceServer>();

/**
 * Seconds before the credentials' end that they are no longer handed out: the browser
 * allocates within seconds of receiving them, and a credential must be valid when it does.
 */
export const CREDENTIAL_SAFETY_SECONDS = 60;
/** Kinesis Video's credentials live 5 minutes; used when an answer carries no `Ttl`. */
const DEFAULT_TTL_SECONDS = 300;

function controlPlane(): KinesisVideoClient {
  kinesisVideo ??= watchDependency(new KinesisVideoClient(awsClientConfig()), 'Kinesis Video');
  return kinesisVideo;
}

/** `lookup` once per key; a failure is not kept, so the next room session tries again. */
function once(cache: Map<string, Promise<string>>, key: string, lookup: () => Promise<string>) {
  let found = cache.get(key);
  if (!found) {
    found = lookup();
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/** The stack gives the pool's names; the signaling calls need the channel's ARN. */
function channelArn(channelName: string): Promise<string> {
  return once(channelArns, channelName, async () => {
    const answer = await controlPlane().send(
      new DescribeSignalingChannelCommand({ ChannelName: channelName }),
    );
    const arn = answer.ChannelInfo?.ChannelARN;
    if (!arn) throw new Error('Signaling channel has no ARN');
    return arn;
  });
}

function signalingEndpoint(arn: string): Promise<string> {
  return once(endpoints, arn, async () => {
    const answer = await controlPlane().send(
      new GetSignalingChannelEndpointCommand({
        ChannelARN: arn,
        SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'MASTER' },
      }),
    );
    const found = answer.ResourceEndpointList?.find((item) => item.Protocol === 'HTTPS');
    if (!found?.ResourceEndpoint) throw new Error('Signaling channel has no HTTPS endpoint');
    return found.ResourceEndpoint;
  });
}

function signalingClient(endpoint: string): KinesisVideoSignalingClient {
  let client = signalingClients.get(endpoint);
  if (!client) {
    client = watchDependency(
      new KinesisVideoSignalingClient({ ...awsClientConfig(), endpoint }),
      'Kinesis Video',
    );
    signalingClients.set(endpoint, client);
  }
  return client;
}

/** The one TURN server of `clientId` on `arn`: cached, or fetched and trimmed. */
async function turnServer(arn: string, clientId: string, now: number): Promise<IceServer> {
  const key = `${arn} ${clientId}`;
  const cached = credentials.get(key, now);
  if (cached) return cached;
  const endpoint = await signalingEndpoint(arn);
  const answer = await signalingClient(endpoint).send(
    new GetIceServerConfigCommand({ ChannelARN: arn, ClientId: clientId, Service: 'TURN' }),
  );
  const trimmed = trimTurnServers(answer.IceServerList ?? []);
  if (!trimmed) throw new Error('Signaling channel returned no TURN server');
  const reuseSeconds = (trimmed.ttlSeconds ?? DEFAULT_TTL_SECONDS) - CREDENTIAL_SAFETY_SECONDS;
  credentials.set(key, trimmed.server, now + reuseSeconds * 1000, now);
  return trimmed.server;
}

/** The region of an ARN (`arn:aws:kinesisvideo:{region}:…`). */
function regionOf(arn: string): string | undefined {
  return arn.split(':')[3] || undefined;
}

/**
 * The ICE servers of one client (`clientId`: the room party, so credentials are per person):
 * one TURN server of the party's channel in the pool, plus the channel region's STUN server
 * unless only relayed candidates are wanted.
 */
export async function kvsIceServers(
  pool: TurnChannelPool,
  clientId: string,
  relayOnly: boolean,
  now = Date.now(),
): Promise<IceServer[]> {
  const arn = await channelArn(turnChannelFor(pool, clientId));
  const turn = await turnServer(arn, clientId, now);
  const region = regionOf(arn);
  if (relayOnly || !region) return [turn];
  return [{ urls: [`stun:stun.kinesisvideo.${region}.amazonaws.com:443`] }, turn];
}

/** Tests only: forget the cached ARNs, endpoints, credentials and clients. */
export function resetKvsCache(): void {
  kinesisVideo = undefined;
  signalingClients.clear();
  channelArns.clear();
  endpoints.clear();
  credentials.clear();
}
