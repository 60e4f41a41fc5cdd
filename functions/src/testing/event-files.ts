import { gatewayAuthorizers, httpRoutes, scheduledTargets, webSocketRoutes } from '../routes';

/**
 * The sample events of `events/`, one per handler of the route manifest, named so that the file
 * says which handler it is for:
 * - `http/<routeId>.json`: an API Gateway HTTP API (payload 2.0) event of that route;
 * - `ws/<route>.json`: a WebSocket API event of `$connect`, `$disconnect` or `$default`;
 * - `schedule/<functionName>.json`: the input an EventBridge Scheduler schedule sends the
 *   function (`scheduledTargets`);
 * - `authorizer/<name>-http.json` and `authorizer/<name>-connect.json`: what API Gateway sends a
 *   gateway authorizer (`gatewayAuthorizers`) before an HTTP route and before `$connect`.
 */
export interface SampleEventFile {
  /** Relative to `events/`, e.g. `http/getClientConfig.json`. */
  readonly file: string;
  /** The handler module it is for, e.g. `config/get-client-config`. */
  readonly handler: string;
}

/**
 * Every sample event the manifest asks for: one per HTTP route, WebSocket route and schedule,
 * and two per gateway authorizer (the HTTP API's and the WebSocket API's event).
 */
export function expectedSampleEvents(): SampleEventFile[] {
  return [
    ...Object.entries(httpRoutes).map(([id, route]) => ({
      file: `http/${id}.json`,
      handler: route.handler,
    })),
    ...Object.entries(webSocketRoutes).map(([key, handler]) => ({
      file: `ws/${key.replace(/^\$/, '')}.json`,
      handler,
    })),
    ...Object.entries(scheduledTargets).map(([functionName, handler]) => ({
      file: `schedule/${functionName}.json`,
      handler,
    })),
    ...Object.entries(gatewayAuthorizers).flatMap(([name, handler]) =>
      ['http', 'connect'].map((api) => ({ file: `authorizer/${name}-${api}.json`, handler })),
    ),
  ];
}

/** The handler an event file is for, or undefined when its name matches no manifest entry. */
export function handlerOfEventFile(file: string): string | undefined {
  return expectedSampleEvents().find((sample) => sample.file === file)?.handler;
}
