import { Wifi } from 'lucide-react';
import type { ConnectionQuality } from '../lib/connection-stats';

const PATH_LABELS = { direct: 'Direct', relayed: 'Relayed' } as const;

/** The selected candidate pair: direct or through the relay, and its round trip. */
export function ConnectionIndicator({ connection }: { connection: ConnectionQuality | null }) {
  return (
    <p
      data-testid="connection-indicator"
      {...(connection ? { 'data-path': connection.path } : {})}
      className="flex items-center gap-2 text-sm text-muted-foreground"
    >
      <Wifi className="size-4" aria-hidden="true" />
      <span className="sr-only">Connection: </span>
      {connection
        ? `${PATH_LABELS[connection.path]}${connection.rttMs === null ? '' : ` · ${connection.rttMs} ms`}`
        : 'Connecting...'}
    </p>
  );
}
