import { budgets } from './budgets';
import { measureApi } from './api-load';
import { measureHandlers } from './handlers';
import { kb, ms, table } from './stats';
import { measureWebRoutes } from './web';

/**
 * `npm run bench`: bundle sizes, handler import time, the web's first-load JS per route and the
 * status lookup under load. Prints the figures and fails when a budget is exceeded. Figures vary
 * with machine load; run it on a quiet machine and compare medians, not single runs.
 */
const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok ? 'ok' : 'OVER';
};

console.log('Handlers (esbuild as CDK bundles them; import time = median of 15 fresh processes)\n');
const handlers = await measureHandlers('.bench/handlers');
console.log(
  table(
    ['handler', 'minified', 'gzip', 'import', 'budget'],
    handlers.map((figures) => [
      figures.handler,
      kb(figures.minifiedBytes),
      kb(figures.gzipBytes),
      ms(figures.medianImportMs),
      check(
        figures.gzipBytes <= budgets.handlerGzipBytes &&
          figures.medianImportMs <= budgets.handlerImportMs,
        `${figures.handler}: ${kb(figures.gzipBytes)} gzip, ${ms(figures.medianImportMs)} import`,
      ),
    ]),
  ),
);

console.log('\nWeb first load per route (gzip; run `npm run build` first)\n');
const routes = measureWebRoutes();
console.log(
  table(
    ['route', 'first-load JS', 'page weight', 'budget'],
    routes.map((route) => [
      route.path,
      kb(route.firstLoadJsGzip),
      kb(route.pageWeightGzip),
      check(
        route.firstLoadJsGzip <= budgets.routeFirstLoadJsGzipBytes,
        `${route.path}: ${kb(route.firstLoadJsGzip)} first-load JS`,
      ),
    ]),
  ),
);

console.log('\nAPI reads against the local stack (DynamoDB Local, loopback)\n');
const loads = await measureApi();
console.log(
  table(
    ['route', 'requests', 'concurrency', 'errors', 'p50', 'p99', 'throughput', 'budget'],
    loads.map((figures) => [
      figures.name,
      String(figures.requests),
      String(figures.concurrency),
      String(figures.errors),
      ms(figures.p50Ms),
      ms(figures.p99Ms),
      `${figures.throughputPerSecond.toFixed(0)} req/s`,
      check(
        figures.errors === 0 &&
          figures.p99Ms <= budgets.apiP99Ms[figures.concurrency >= 100 ? 'high' : 'normal'] &&
          figures.throughputPerSecond >= budgets.apiMinThroughput,
        `${figures.name}: p99 ${ms(figures.p99Ms)}, ${figures.throughputPerSecond.toFixed(0)} req/s, ${figures.errors} errors`,
      ),
    ]),
  ),
);

if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
process.exit(0);
