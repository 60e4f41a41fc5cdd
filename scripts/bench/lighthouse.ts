import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { LighthouseFigures } from './jobs';

/** Debian's Chromium, as the e2e tests use (scripts/ensure-chromium.ts installs it). */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse 12.8's performance category with its default (mobile) settings: a Moto G Power
 * sized screen, simulated slow 4G and a 4× CPU slowdown applied to what this machine measured.
 * Each page `runsPerPage` times; the run reported is Lighthouse's own median pick
 * (`computeMedianRun`: the run closest to the median FCP and TTI), not a median of scores.
 * Run in the load process, one page after the other, so the gateway serves the pages from an
 * event loop Lighthouse is not using. TBT scales with this machine's CPU: a busy machine scores
 * lower than a quiet one.
 */
export async function measureLighthouse(
  urls: string[],
  runsPerPage: number,
): Promise<LighthouseFigures[]> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const url of urls) {
      const runs: Result[] = [];
      for (let run = 0; run < runsPerPage; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) {
          throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
        }
        runs.push(result.lhr);
      }
      const lhr = computeMedianRun(runs);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        url,
        score: lhr.categories.performance?.score ?? Number.NaN,
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
