import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '#local/testing/stack-context';
import {
  makePageState,
  measureBrowserWeights,
  type BrowserWeight,
} from '../scripts/bench/browser-weight';
import { budgets } from '../scripts/bench/budgets';
import { routeTable } from '../web/src/app/route-table';

/**
 * Issue 29 item 6 in `npm test`: every page's JavaScript as Chromium fetches it (each route in
 * its real state, every script until the network is idle, gzip bytes on the wire) within issue
 * 12's goals: the landing ≤ 100 KB, every other page ≤ 150 KB. Bytes, not times: a build's
 * figures are the same on every run, so a page that grows past its goal fails here, before the
 * bench. The bench (part `browser`) prints the same count beside the module graph's.
 */
const stack = useTestStack();
let weights: BrowserWeight[];

beforeAll(async () => {
  weights = await measureBrowserWeights(stack, await makePageState(stack));
}, 300_000);

describe("each page's JavaScript, counted as the browser fetches it", () => {
  it.each(routeTable.map((route) => route.path))('%s stays within its goal', (path) => {
    const weight = weights.find((one) => one.path === path)!;
    const goal =
      path === '/' ? budgets.landingFirstLoadJsGzipBytes : budgets.routeFirstLoadJsGzipBytes;
    const scripts = weight.scripts.map((script) => `${script.url} ${script.bytes}`).join('\n');
    expect(
      weight.siteJsGzip,
      `${path}: ${weight.siteJsGzip} bytes, goal ≤ ${goal}\n${scripts}`,
    ).toBeLessThanOrEqual(goal);
  });

  it('counts the chunks a page fetches as it mounts, past the module graph', () => {
    // The signed-in dashboard loads its panel lazily as it mounts: a count that stopped at the
    // page's static imports would miss it.
    const dashboard = weights.find((one) => one.path === '/provider-dashboard')!;
    expect(
      dashboard.scripts.some((script) => /\/ProviderDashboard-[^/]*\.js$/.test(script.url)),
    ).toBe(true);
  });
});
