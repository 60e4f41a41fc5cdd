import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitPromiseInputSchema } from '../features/cases/wait-promise-schedule';
import { caseExpiryInputSchema } from '../features/cases/case-expiry-schedule';
import { claimReleaseInputSchema } from '../features/cases/claim-release';
import { meetingEndInputSchema } from '../features/meetings/end-schedule';
import { settlementRetryInputSchema } from '../features/payments/settlement';
import { gatewayAuthorizers, httpRoutes, scheduledTargets, webSocketRoutes } from '../routes';
import { expectedSampleEvents, handlerOfEventFile } from './event-files';
import { queueFanOutInputSchema } from '../features/realtime/fan-out-queue.handler';

const eventsDir = fileURLToPath(new URL('../../../events/', import.meta.url));
const eventDirs = ['http', 'ws', 'schedule', 'authorizer'];
/** Not events: the docs, the replay index and the sam local env-vars example. */
const otherFiles = ['README.md', 'replay.json', 'sam-local-env.json'];

const eventFiles = eventDirs.flatMap((dir) =>
  readdirSync(path.join(eventsDir, dir)).map((file) => `${dir}/${file}`),
);
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(eventsDir, file), 'utf8')) as Record<string, unknown>;

describe('events/', () => {
  it('holds the event directories and the files that document them, nothing else', () => {
    expect(readdirSync(eventsDir).sort()).toEqual([...eventDirs, ...otherFiles].sort());
  });

  it('has a sample event for every handler of the manifest', () => {
    const handlers = new Set(expectedSampleEvents().map((sample) => sample.handler));
    expect(handlers).toEqual(
      new Set([
        ...Object.values(httpRoutes).map((route) => route.handler),
        ...Object.values(webSocketRoutes),
        ...Object.values(scheduledTargets),
        ...Object.values(gatewayAuthorizers),
      ]),
    );
    expect(eventFiles.sort()).toEqual(
      expectedSampleEvents()
        .map((sample) => sample.file)
        .sort(),
    );
  });

  it.each(eventFiles)('%s names a handler of the manifest', (file) => {
    expect(handlerOfEventFile(file)).toBeDefined();
  });

  it.each(Object.entries(httpRoutes))(
    'http/%s.json is an HTTP API event of its route',
    (id, route) => {
      const event = read(`http/${id}.json`) as {
        version: string;
        routeKey: string;
        rawPath: string;
        pathParameters?: Record<string, string>;
        requestContext: { routeKey: string; http: { method: string; path: string } };
      };
      const routeKey = `${route.method} ${route.path}`;
      expect(event.version).toBe('2.0');
      expect(event.routeKey).toBe(routeKey);
      expect(event.requestContext.routeKey).toBe(routeKey);
      expect(event.requestContext.http.method).toBe(route.method);
      // The path with the event's own parameters put in, as API Gateway matched it.
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      expect(Object.keys(event.pathParameters ?? {}).sort()).toEqual(params.sort());
      const rawPath = params.reduce(
        (built, name) =>
          built.replace(`{${name}}`, encodeURIComponent(event.pathParameters![name]!)),
        route.path as string,
      );
      expect(event.rawPath).toBe(rawPath);
      expect(event.requestContext.http.path).toBe(rawPath);
    },
  );

  it.each(Object.keys(webSocketRoutes))('ws event of %s', (routeKey) => {
    const event = read(`ws/${routeKey.slice(1)}.json`) as {
      requestContext: { routeKey: string; eventType: string; connectionId: string };
    };
    const eventType = { $connect: 'CONNECT', $disconnect: 'DISCONNECT', $default: 'MESSAGE' };
    expect(event.requestContext).toMatchObject({
      routeKey,
      eventType: eventType[routeKey as keyof typeof eventType],
    });
    expect(event.requestContext.connectionId).toEqual(expect.any(String));
  });

  it.each(Object.keys(gatewayAuthorizers))(
    'authorizer events of %s: what the HTTP API and the WebSocket $connect send',
    (name) => {
      const http = read(`authorizer/${name}-http.json`) as {
        version: string;
        type: string;
        routeArn: string;
        identitySource: string[];
      };
      expect([http.version, http.type]).toEqual(['2.0', 'REQUEST']);
      expect(http.routeArn).toMatch(/^arn:aws:execute-api:/);
      expect(http.identitySource).toHaveLength(1);
      const connect = read(`authorizer/${name}-connect.json`) as {
        type: string;
        methodArn: string;
        requestContext: { routeKey: string; eventType: string };
      };
      expect(connect.type).toBe('REQUEST');
      expect(connect.methodArn).toMatch(/\/\$connect$/);
      expect(connect.requestContext).toMatchObject({ routeKey: '$connect', eventType: 'CONNECT' });
    },
  );

  it('holds schedule inputs that their targets accept', () => {
    const schemas = {
      'cases/release-claim': claimReleaseInputSchema,
      'cases/expire-case': caseExpiryInputSchema,
      'cases/lapse-wait-promise': waitPromiseInputSchema,
      'meetings/end-meeting': meetingEndInputSchema,
      'payments/settle-payment': settlementRetryInputSchema,
      'realtime/fan-out-queue': queueFanOutInputSchema,
    };
    expect(Object.keys(schemas).sort()).toEqual(Object.values(scheduledTargets).sort());
    for (const [functionName, handler] of Object.entries(scheduledTargets)) {
      const input = read(`schedule/${functionName}.json`);
      expect(schemas[handler as keyof typeof schemas].safeParse(input).success, handler).toBe(true);
    }
  });

  it.each(eventFiles)('%s holds no real address: only made-up domains', (file) => {
    const text = readFileSync(path.join(eventsDir, file), 'utf8');
    const domains = [...text.matchAll(/[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)].map((match) => match[1]);
    for (const domain of domains) expect(['example.org', 'telehealth.local']).toContain(domain);
  });
});
