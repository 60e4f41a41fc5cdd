import { CLIENT_CONFIG_QUERY_KEY } from './client-config-key';

/**
 * `GET /api/config` by a plain `fetch`, its JSON unchecked (null for a refused answer): for the
 * pages whose first load carries no zod (the landing, the intake forms). Each caller picks and
 * checks the one field it needs; the contract's parse (`get-client-config.ts`) would fetch zod
 * (25 kB gzip) as the page mounts, which the browser's count of the page includes (issue 29).
 */
export async function fetchRawConfig(signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(CLIENT_CONFIG_QUERY_KEY[0], { signal });
  return response.ok ? response.json() : null;
}
