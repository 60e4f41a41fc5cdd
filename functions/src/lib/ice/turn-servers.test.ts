import { describe, expect, it } from 'vitest';
import { ExpiringCache } from './expiring-cache';
import { trimTurnServers } from './turn-servers';

describe('trimming GetIceServerConfig’s answer to what a call needs', () => {
  it('keeps the first server’s UDP and TLS-over-TCP URIs, with its credentials and TTL', () => {
    expect(
      trimTurnServers([
        { Uris: [], Username: 'empty' },
        {
          Uris: [
            'turn:a:443?transport=udp',
            'turns:a:443?transport=udp',
            'turns:a:443?transport=tcp',
          ],
          Username: 'u',
          Password: 'p',
          Ttl: 120,
        },
        { Uris: ['turn:b:443?transport=udp'], Username: 'v', Password: 'q' },
      ]),
    ).toEqual({
      server: {
        urls: ['turn:a:443?transport=udp', 'turns:a:443?transport=tcp'],
        username: 'u',
        credential: 'p',
      },
      ttlSeconds: 120,
    });
  });

  it('takes plain TCP when there is no TLS URI, and UDP from a URI without a transport', () => {
    expect(
      trimTurnServers([{ Uris: ['turn:a:3478', 'turn:a:3478?transport=tcp'] }])?.server.urls,
    ).toEqual(['turn:a:3478', 'turn:a:3478?transport=tcp']);
  });

  it('passes an answer of another shape on whole, and nothing when there is no server', () => {
    expect(trimTurnServers([{ Uris: ['turns:a:5349?transport=udp'] }])?.server.urls).toEqual([
      'turns:a:5349?transport=udp',
    ]);
    expect(trimTurnServers([])).toBeUndefined();
  });
});

describe('the expiring cache', () => {
  it('answers an entry until its expiry and drops expired entries when adding', () => {
    const cache = new ExpiringCache<string>();
    cache.set('a', 'first', 1_000, 0);
    expect(cache.get('a', 999)).toBe('first');
    expect(cache.get('a', 1_000)).toBeUndefined();
    cache.set('b', 'second', 2_000, 0);
    cache.set('c', 'third', 3_000, 2_500);
    expect(cache.size).toBe(1);
  });
});
