import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Header lookup that ignores case: API Gateway lower-cases, other callers may not. */
export function header(
  event: { headers?: Record<string, string | undefined> },
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** Cookies as API Gateway v2 delivers them: `["a=1", "b=2"]`. */
export function cookie(event: APIGatewayProxyEventV2, name: string): string | undefined {
  for (const entry of event.cookies ?? []) {
    const separator = entry.indexOf('=');
    if (separator > 0 && entry.slice(0, separator).trim() === name) {
      return entry.slice(separator + 1).trim();
    }
  }
  return undefined;
}

export function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const authorization = header(event, 'authorization');
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
