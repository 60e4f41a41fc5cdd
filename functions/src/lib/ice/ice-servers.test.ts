import { createHmac } from 'node:crypto';
import {
  GetSignalingChannelEndpointCommand,
  KinesisVideoClient,
} from '@aws-sdk/client-kinesis-video';
import {
  GetIceServerConfigCommand,
  KinesisVideoSignalingClient,
} from '@aws-sdk/client-kinesis-video-signaling';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '../../testing/env';
import { iceConfiguration } from './ice-servers';
import { kvsIceServers, resetKvsCache } from './kvs';
import { TURN_CREDENTIAL_LIFETIME_SECONDS, turnRestCredentials } from './turn-rest';

const kinesisVideo = mockClient(KinesisVideoClient);
const signaling = mockClient(KinesisVideoSignalingClient);
const channelArn = 'arn:aws:kinesisvideo:eu-west-1:123456789012:channel/telehealth/1700000000000';

beforeEach(() => {
  kinesisVideo.reset();
  signaling.reset();
  resetKvsCache();
  kinesisVideo.on(GetSignalingChannelEndpointCommand).resolves({
    ResourceEndpointList: [
      { Protocol: 'WSS', ResourceEndpoint: 'wss://v-1.kinesisvideo.eu-west-1.amazonaws.com' },
      { Protocol: 'HTTPS', ResourceEndpoint: 'https://r-1.kinesisvideo.eu-west-1.amazonaws.com' },
    ],
  });
  signaling.on(GetIceServerConfigCommand).resolves({
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

describe('Kinesis Video TURN (DESIGN.md §7)', () => {
  it('asks the channel for its HTTPS master endpoint, then TURN servers for the client', async () => {
    const servers = await kvsIceServers(channelArn, 'meeting-1-patient', false);
    expect(kinesisVideo.commandCalls(GetSignalingChannelEndpointCommand)[0]!.args[0].input).toEqual(
      {
        ChannelARN: channelArn,
        SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'MASTER' },
      },
    );
    expect(signaling.commandCalls(GetIceServerConfigCommand)[0]!.args[0].input).toEqual({
      ChannelARN: channelArn,
      ClientId: 'meeting-1-patient',
      Service: 'TURN',
    });
    expect(servers).toEqual([
      { urls: ['stun:stun.kinesisvideo.eu-west-1.amazonaws.com:443'] },
      {
        urls: ['turn:1.2.3.4:443?transport=udp', 'turns:1.2.3.4:443?transport=tcp'],
        username: 'u1',
        credential: 'p1',
      },
    ]);
  });

  it('leaves STUN out when only relayed candidates are allowed', async () => {
    const servers = await kvsIceServers(channelArn, 'c', true);
    expect(servers.map((server) => server.urls[0])).toEqual(['turn:1.2.3.4:443?transport=udp']);
  });

  it('looks the endpoint up once per container, fresh credentials every time', async () => {
    await kvsIceServers(channelArn, 'a', false);
    await kvsIceServers(channelArn, 'b', false);
    expect(kinesisVideo.commandCalls(GetSignalingChannelEndpointCommand)).toHaveLength(1);
    expect(signaling.commandCalls(GetIceServerConfigCommand)).toHaveLength(2);
  });

  it('retries the endpoint lookup after a failure instead of caching it', async () => {
    kinesisVideo
      .on(GetSignalingChannelEndpointCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ ResourceEndpointList: [{ Protocol: 'HTTPS', ResourceEndpoint: 'https://r' }] });
    await expect(kvsIceServers(channelArn, 'a', false)).rejects.toThrow('throttled');
    await expect(kvsIceServers(channelArn, 'a', false)).resolves.toHaveLength(2);
  });
});

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
    stubEnv({ KVS_CHANNEL_ARN: '', TURN_URLS: '', TURN_SECRET: '', ICE_TRANSPORT_POLICY: '' });
    expect(await iceConfiguration('c')).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
  });

  it('uses the TURN secret locally, with relay-only when asked', async () => {
    stubEnv({
      KVS_CHANNEL_ARN: '',
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

  it('prefers the Kinesis Video channel when it is set', async () => {
    stubEnv({ KVS_CHANNEL_ARN: channelArn, TURN_URLS: 'turn:x', TURN_SECRET: 's' });
    const config = await iceConfiguration('c');
    expect(config.iceServers[1]!.username).toBe('u1');
  });

  it('refuses an unknown transport policy rather than dropping relay-only', async () => {
    stubEnv({ ICE_TRANSPORT_POLICY: 'relay-only' });
    await expect(iceConfiguration('c')).rejects.toThrow('ICE_TRANSPORT_POLICY');
  });
});
