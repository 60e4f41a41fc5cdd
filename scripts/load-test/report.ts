import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ms, table } from '../bench/stats';
import type { LoadTestReport } from './run';

const rate = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');

/** The report as text: per step, each kind's rates, percentiles and errors; then the stop. */
export function reportText(report: LoadTestReport): string {
  const lines = [
    `Load test of ${report.baseUrl} (sockets ${report.wsUrl})`,
    `${report.startedAt} – ${report.endedAt}; time scale ${report.timeScale}` +
      (report.timeScale === 1 ? ' (the pages’ own rates)' : ' (intervals divided by it)'),
    `Target: ${report.target.patients} waiting patients, ${report.target.doctors} doctors, ${report.target.calls} calls; ` +
      `stop at error rate > ${(report.thresholds.maxErrorRate * 100).toFixed(2)} % or p99 > ${report.thresholds.maxP99Ms} ms`,
    `At the target the stage's WAF rate rules need ${report.addressesNeeded} load-generator address(es) (docs/load-test.md)`,
    '',
  ];
  for (const step of report.steps) {
    const { patients, doctors, calls } = step.population;
    lines.push(
      `Step ${step.step}: ${patients} patients (${step.pushedPatients} with their socket open), ${doctors} doctors, ${calls} calls; ` +
        `set-up ${step.setUpSeconds.toFixed(1)} s, hold ${step.holdSeconds.toFixed(1)} s, ` +
        `error rate ${(step.errorRate * 100).toFixed(2)} %, send lag p99 ${ms(step.sendLagP99Ms)}`,
      table(
        ['kind', 'sent', 'ok', 'offered/s', 'served/s', 'p50', 'p95', 'p99', 'dropped', 'errors'],
        step.kinds.map((kind) => [
          kind.kind,
          String(kind.sent),
          String(kind.ok),
          rate(kind.offeredPerSecond),
          rate(kind.servedPerSecond),
          ms(kind.p50Ms),
          ms(kind.p95Ms),
          ms(kind.p99Ms),
          String(kind.dropped),
          Object.entries(kind.errors)
            .map(([outcome, count]) => `${count}× ${outcome}`)
            .join(', ') || '-',
        ]),
      ),
      `received: ${
        Object.entries(step.received)
          .map(([type, count]) => `${count} ${type}`)
          .join(', ') || 'nothing'
      }`,
      '',
    );
  }
  lines.push(
    report.stop.cause === 'completed'
      ? `Completed: ${report.stop.detail}.`
      : `Stopped after step ${report.stop.step} (${report.stop.cause}): ${report.stop.detail}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** Writes `report.json` and `report.txt` into `directory`; returns their paths. */
export function writeReport(
  directory: string,
  report: LoadTestReport,
): { json: string; text: string } {
  mkdirSync(directory, { recursive: true });
  const json = path.join(directory, 'report.json');
  const text = path.join(directory, 'report.txt');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(text, reportText(report));
  return { json, text };
}
