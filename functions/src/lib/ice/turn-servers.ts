import type { IceServer as KvsIceServer } from '@aws-sdk/client-kinesis-video-signaling';
import type { IceServer } from '@shared/meetings/room';

/** One TURN server as the room gets it, and how long its credentials live. */
export interface TrimmedTurnServer {
  readonly server: IceServer;
  readonly ttlSeconds: number | undefined;
}

/** `turn:host:port?transport=udp` (UDP is also the default without a transport). */
const isUdp = (uri: string) =>
  uri.startsWith('turn:') && (!uri.includes('?transport=') || uri.endsWith('?transport=udp'));
/** TLS over TCP first (it passes proxies and firewalls on 443), plain TCP otherwise. */
const isTls = (uri: string) => uri.startsWith('turns:') && uri.endsWith('?transport=tcp');
const isTcp = (uri: string) => uri.startsWith('turn:') && uri.endsWith('?transport=tcp');

/**
 * What a call needs of `GetIceServerConfig`'s answer: one TURN server with one UDP and one
 * TCP/TLS URI. Kinesis Video answers two servers with three URIs each (`turn:…udp`,
 * `turns:…udp`, `turns:…tcp`), and a browser allocates a relay on every URI of every server it
 * is given, on each network interface; every allocation counts against the channel's quota
 * (docs/adr/0009-turn-channel-pool.md). UDP is the fast path; TLS on 443 reaches the relay from
 * networks that block UDP. `turns:` over UDP (DTLS) is dropped: browsers do not speak it.
 * An answer of another shape is passed on as its first server, whole, rather than cut to nothing.
 */
export function trimTurnServers(servers: readonly KvsIceServer[]): TrimmedTurnServer | undefined {
  const first = servers.find((server) => (server.Uris?.length ?? 0) > 0);
  if (!first) return undefined;
  const uris = first.Uris ?? [];
  const udp = uris.find(isUdp);
  const stream = uris.find(isTls) ?? uris.find(isTcp);
  const kept = [udp, stream].filter((uri): uri is string => uri !== undefined);
  return {
    server: {
      urls: kept.length > 0 ? kept : [...uris],
      ...(first.Username ? { username: first.Username } : {}),
      ...(first.Password ? { credential: first.Password } : {}),
    },
    ttlSeconds: first.Ttl,
  };
}
