import {
  GetSignalingChannelEndpointCommand,
  KinesisVideoClient,
} from '@aws-sdk/client-kinesis-video';
import {
  GetIceServerConfigCommand,
  KinesisVideoSignalingClient,
} from '@aws-sdk/client-kinesis-video-signaling';
import type { IceServer } from '@shared/meetings/room';
import { awsClientConfig, watchDependency } from '../aws-clients';

/**
 * Cloud TURN (DESIGN.md §7): short-lived credentials from a Kinesis Video Streams signaling
 * channel. The channel's HTTPS endpoint does not change, so it is looked up once per container;
 * the credentials (5 minutes) are fetched on every room session, so an ICE restart gets fresh ones.
 */
let kinesisVideo: KinesisVideoClient | undefined;
const signalingClients = new Map<string, KinesisVideoSignalingClient>();
const endpoints = new Map<string, Promise<string>>();

function signalingEndpoint(channelArn: string): Promise<string> {
  let endpoint = endpoints.get(channelArn);
  if (!endpoint) {
    kinesisVideo ??= watchDependency(new KinesisVideoClient(awsClientConfig()), 'Kinesis Video');
    endpoint = kinesisVideo
      .send(
        new GetSignalingChannelEndpointCommand({
          ChannelARN: channelArn,
          SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'MASTER' },
        }),
      )
      .then((answer) => {
        const found = answer.ResourceEndpointList?.find((item) => item.Protocol === 'HTTPS');
        if (!found?.ResourceEndpoint) throw new Error('Signaling channel has no HTTPS endpoint');
        return found.ResourceEndpoint;
      });
    // A failed lookup is not cached: the next room session tries again.
    endpoint.catch(() => endpoints.delete(channelArn));
    endpoints.set(channelArn, endpoint);
  }
  return endpoint;
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

/** The region of an ARN (`arn:aws:kinesisvideo:{region}:…`). */
function regionOf(arn: string): string | undefined {
  return arn.split(':')[3] || undefined;
}

/**
 * TURN servers of the channel for one client (`clientId`: the room party, so credentials are
 * per person), plus the channel region's STUN server unless only relayed candidates are wanted.
 */
export async function kvsIceServers(
  channelArn: string,
  clientId: string,
  relayOnly: boolean,
): Promise<IceServer[]> {
  const endpoint = await signalingEndpoint(channelArn);
  const answer = await signalingClient(endpoint).send(
    new GetIceServerConfigCommand({ ChannelARN: channelArn, ClientId: clientId, Service: 'TURN' }),
  );
  const turn: IceServer[] = (answer.IceServerList ?? [])
    .filter((server) => (server.Uris?.length ?? 0) > 0)
    .map((server) => ({
      urls: server.Uris ?? [],
      ...(server.Username ? { username: server.Username } : {}),
      ...(server.Password ? { credential: server.Password } : {}),
    }));
  const region = regionOf(channelArn);
  if (relayOnly || !region) return turn;
  return [{ urls: [`stun:stun.kinesisvideo.${region}.amazonaws.com:443`] }, ...turn];
}

/** Tests only: forget the cached endpoint and clients. */
export function resetKvsCache(): void {
  kinesisVideo = undefined;
  signalingClients.clear();
  endpoints.clear();
}
