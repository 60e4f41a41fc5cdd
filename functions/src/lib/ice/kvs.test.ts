import * as kinesisVideoSdk from '@aws-sdk/client-kinesis-video';
import * as signalingSdk from '@aws-sdk/client-kinesis-video-signaling';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TurnChannelPool } from '#core/env';
import { turnChannelFor, turnChannelName } from './channel-pool';
import { CREDENTIAL_SAFETY_SECONDS, kvsIceServers, resetKvsCache } from './kvs';

const kinesisVideo = mockClient(kinesisVideoSdk.KinesisVideoClient);
const signaling = mockClient(signalingSdk.KinesisVideoSignalingClient);
const pool: TurnChannelPool = { namePrefix: 'telehealth-prod-turn-', size: 111 };
const arnOf = (name: string) => `arn:aws:kinesisvideo:eu-west-1:123456789012:channel/${name}/17`;
const now = Date.UTC(2026, 10, 28, 17);

/** What Kinesis Video answers (recorded shape: two servers, three URIs each, 300 s). */
const kvsAnswer = (user: string) => ({
  IceServerList: [
    {
      Uris: [
        'turn:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
        'turns:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
        'turns:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=tcp',
      ],
      Username: user,
      Password: 'p1',
      Ttl: 300,
    },
    {
      Uris: [
        'turn:5-6-7-8.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
        'turns:5-6-7-8.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
        'turns:5-6-7-8.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=tcp',
      ],
      Username: `${user}-second`,
      Password: 'p2',
      Ttl: 300,
    },
  ],
});

beforeEach(() => {
  kinesisVideo.reset();
  signaling.reset();
  resetKvsCache();
  kinesisVideo
    .on(kinesisVideoSdk.DescribeSignalingChannelCommand)
    .callsFake((input: { ChannelName: string }) => ({
      ChannelInfo: { ChannelName: input.ChannelName, ChannelARN: arnOf(input.ChannelName) },
    }));
  kinesisVideo.on(kinesisVideoSdk.GetSignalingChannelEndpointCommand).resolves({
    ResourceEndpointList: [
      { Protocol: 'WSS', ResourceEndpoint: 'wss://v-1.kinesisvideo.eu-west-1.amazonaws.com' },
      { Protocol: 'HTTPS', ResourceEndpoint: 'https://r-1.kinesisvideo.eu-west-1.amazonaws.com' },
    ],
  });
  let issued = 0;
  signaling
    .on(signalingSdk.GetIceServerConfigCommand)
    .callsFake(() => kvsAnswer(`u${(issued += 1)}`));
});

const iceCalls = () => signaling.commandCalls(signalingSdk.GetIceServerConfigCommand);

describe('the TURN channel pool (docs/adr/0009)', () => {
  it('names channels with three digits, and refuses an index outside them', () => {
    expect(turnChannelName('p-', 7)).toBe('p-007');
    expect(turnChannelName('p-', 999)).toBe('p-999');
    expect(() => turnChannelName('p-', 1000)).toThrow('outside');
  });

  it('puts a party on the same channel every time, and spreads parties over the pool', () => {
    expect(turnChannelFor(pool, 'meeting-1-patient')).toBe(
      turnChannelFor(pool, 'meeting-1-patient'),
    );
    const parties = Array.from({ length: 2_000 }, (_, i) => `meeting-${i}-patient`);
    const perChannel = new Map<string, number>();
    for (const party of parties) {
      const channel = turnChannelFor(pool, party);
      perChannel.set(channel, (perChannel.get(channel) ?? 0) + 1);
    }
    // Every channel of the pool is used, none outside it; 2,000 parties average 18 a channel.
    expect(perChannel.size).toBe(pool.size);
    expect([...perChannel.keys()].every((name) => /^telehealth-prod-turn-\d{3}$/.test(name))).toBe(
      true,
    );
    expect(Math.max(...perChannel.values())).toBeLessThan(40);
  });
});

describe('Kinesis Video TURN from the pool (DESIGN.md §7)', () => {
  it('asks the party’s channel, by name, then its HTTPS endpoint, then TURN for the party', async () => {
    const channel = turnChannelFor(pool, 'meeting-1-patient');
    await kvsIceServers(pool, 'meeting-1-patient', true, now);
    expect(
      kinesisVideo.commandCalls(kinesisVideoSdk.DescribeSignalingChannelCommand)[0]!.args[0].input,
    ).toEqual({
      ChannelName: channel,
    });
    expect(
      kinesisVideo.commandCalls(kinesisVideoSdk.GetSignalingChannelEndpointCommand)[0]!.args[0]
        .input,
    ).toEqual({
      ChannelARN: arnOf(channel),
      SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'MASTER' },
    });
    expect(iceCalls()[0]!.args[0].input).toEqual({
      ChannelARN: arnOf(channel),
      ClientId: 'meeting-1-patient',
      Service: 'TURN',
    });
  });

  it('gives one TURN server with its UDP and its TLS URI, not every server and URI', async () => {
    const servers = await kvsIceServers(pool, 'meeting-1-patient', true, now);
    expect(servers).toEqual([
      {
        urls: [
          'turn:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
          'turns:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=tcp',
        ],
        username: 'u1',
        credential: 'p1',
      },
    ]);
  });

  it('adds the region’s STUN server only when direct candidates are allowed', async () => {
    const servers = await kvsIceServers(pool, 'meeting-1-patient', false, now);
    expect(servers.map((server) => server.urls[0])).toEqual([
      'stun:stun.kinesisvideo.eu-west-1.amazonaws.com:443',
      'turn:1-2-3-4.t-1.kinesisvideo.eu-west-1.amazonaws.com:443?transport=udp',
    ]);
  });

  it('reuses a party’s credentials until shortly before they expire', async () => {
    const first = await kvsIceServers(pool, 'meeting-1-patient', true, now);
    const reuseUntil = now + (300 - CREDENTIAL_SAFETY_SECONDS) * 1000;
    const rejoin = await kvsIceServers(pool, 'meeting-1-patient', true, reuseUntil - 1);
    expect(rejoin).toEqual(first);
    expect(iceCalls()).toHaveLength(1);

    const later = await kvsIceServers(pool, 'meeting-1-patient', true, reuseUntil);
    expect(iceCalls()).toHaveLength(2);
    expect(later[0]!.username).toBe('u2');
  });

  it('keeps each party’s credentials apart', async () => {
    const patient = await kvsIceServers(pool, 'meeting-1-patient', true, now);
    const provider = await kvsIceServers(pool, 'meeting-1-provider', true, now);
    expect(iceCalls().map((call) => call.args[0].input.ClientId)).toEqual([
      'meeting-1-patient',
      'meeting-1-provider',
    ]);
    expect(provider[0]!.username).not.toBe(patient[0]!.username);
  });

  it('looks a channel’s ARN and endpoint up once per container', async () => {
    await kvsIceServers(pool, 'meeting-1-patient', true, now);
    await kvsIceServers(pool, 'meeting-1-patient', true, now + 600_000);
    expect(kinesisVideo.commandCalls(kinesisVideoSdk.DescribeSignalingChannelCommand)).toHaveLength(
      1,
    );
    expect(
      kinesisVideo.commandCalls(kinesisVideoSdk.GetSignalingChannelEndpointCommand),
    ).toHaveLength(1);
    expect(iceCalls()).toHaveLength(2);
  });

  it('retries a failed lookup instead of keeping the failure', async () => {
    kinesisVideo
      .on(kinesisVideoSdk.GetSignalingChannelEndpointCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ ResourceEndpointList: [{ Protocol: 'HTTPS', ResourceEndpoint: 'https://r' }] });
    await expect(kvsIceServers(pool, 'a', true, now)).rejects.toThrow('throttled');
    await expect(kvsIceServers(pool, 'a', true, now)).resolves.toHaveLength(1);
  });

  it('fails, rather than handing out nothing, when the channel returns no TURN server', async () => {
    signaling
      .on(signalingSdk.GetIceServerConfigCommand)
      .resolves({ IceServerList: [{ Uris: [] }] });
    await expect(kvsIceServers(pool, 'a', true, now)).rejects.toThrow('no TURN server');
  });
});
