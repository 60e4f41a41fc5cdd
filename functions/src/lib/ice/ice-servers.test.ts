import { createHmac } from 'node:crypto';
import * as kinesisVideoSdk from '@aws-sdk/client-kinesis-video';
import * as signalingSdk from '@aws-sdk/client-kinesis-video-signaling';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '#testing/env';
import { iceConfiguration } from './ice-servers';
import { resetKvsCache } from './kvs';
import { TURN_CREDENTIAL_LIFETIME_SECONDS, turnRestCredentials } from './turn-rest';

const kinesisVideo = mockClient(kinesisVideoSdk.KinesisVideoClient);
const signaling = mockClient(signalingSdk.KinesisVideoSignalingClient);
const channelArn = 'arn:aws:kinesisvideo:eu-west-1:123456789012:channel/telehealth-turn-000/1';

beforeEach(() => {
  kinesisVideo.reset();
  signaling.reset();
  resetKvsCache();
  kinesisVideo.on(kinesisVideoSdk.DescribeSignalingChannelCommand).resolves({
    ChannelInfo: { ChannelARN: channelArn },
  });
  kinesisVideo.on(kinesisVideoSdk.GetSignalingChannelEndpointCommand).resolves({
    ResourceEndpointList: [
      { Protocol: 'WSS', ResourceEndpoint: 'wss://v-1.kinesisvideo.eu-west-1.amazonaws.com' },
      { Protocol: 'HTTPS', ResourceEndpoint: 'https://r-1.kinesisvideo.eu-west-1.amazonaws.com' },
    ],
  });
  signaling.on(signalingSdk.GetIceServerConfigCommand).resolves({
    IceServerList: [
      {
        Uris: ['turn:1.2.3.4:443?transport=udp', 'turns:1.2.3.4:443?transport=tcp'],
        Username: 'u1',
        Password: 'p1',
        Ttl: 300,
      },
      { Uris: [], Username: 'empty', Password: 'x' },
    ],
  });
});

afterEach(restoreEnv);

describe('TURN REST credentials (coturn --use-auth-secret)', () => {
  it('are an expiring username and its HMAC-SHA1 with the shared secret', () => {
    const now = Date.UTC(2026, 10, 26, 9);
    const server = turnRestCredentials(['turn:127.0.0.1:3478'], 'shh', now);
    const [expiry, random] = server.username!.split(':');
    expect(Number(expiry)).toBe(now / 1000 + TURN_CREDENTIAL_LIFETIME_SECONDS);
    expect(random).toMatch(/^[0-9a-f]{16}$/);
    expect(server.credential).toBe(
      createHmac('sha1', 'shh').update(server.username!).digest('base64'),
    );
    expect(turnRestCredentials(['turn:x'], 'shh', now).username).not.toBe(server.username);
  });
});

describe('ICE configuration by setting', () => {
  it('is empty without TURN settings, and says the transport policy', async () => {
    stubEnv({ KVS_CHANNEL_PREFIX: '', TURN_URLS: '', TURN_SECRET: '', ICE_TRANSPORT_POLICY: '' });
    expect(await iceConfiguration('c')).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
  });

  it('uses the TURN secret locally, with relay-only when asked', async () => {
    stubEnv({
      KVS_CHANNEL_PREFIX: '',
      TURN_URLS: 'turn:127.0.0.1:3478?transport=udp, turn:127.0.0.1:3478?transport=tcp',
      TURN_SECRET: 'local',
      ICE_TRANSPORT_POLICY: 'relay',
    });
    const config = await iceConfiguration('c');
    expect(config.iceTransportPolicy).toBe('relay');
    expect(config.iceServers).toHaveLength(1);
    expect(config.iceServers[0]!.urls).toEqual([
      'turn:127.0.0.1:3478?transport=udp',
      'turn:127.0.0.1:3478?transport=tcp',
    ]);
  });

  it('prefers the Kinesis Video channel pool when it is set', async () => {
    stubEnv({
      KVS_CHANNEL_PREFIX: 'telehealth-turn-',
      KVS_CHANNEL_COUNT: '1',
      TURN_URLS: 'turn:x',
      TURN_SECRET: 's',
    });
    const config = await iceConfiguration('c');
    expect(config.iceServers[1]!.username).toBe('u1');
    expect(
      kinesisVideo.commandCalls(kinesisVideoSdk.DescribeSignalingChannelCommand)[0]!.args[0].input,
    ).toEqual({
      ChannelName: 'telehealth-turn-000',
    });
  });

  it('refuses a channel prefix without a channel count', async () => {
    stubEnv({ KVS_CHANNEL_PREFIX: 'telehealth-turn-', KVS_CHANNEL_COUNT: '' });
    await expect(iceConfiguration('c')).rejects.toThrow('KVS_CHANNEL_COUNT');
  });

  it('refuses an unknown transport policy rather than dropping relay-only', async () => {
    stubEnv({ ICE_TRANSPORT_POLICY: 'relay-only' });
    await expect(iceConfiguration('c')).rejects.toThrow('ICE_TRANSPORT_POLICY');
  });
});
