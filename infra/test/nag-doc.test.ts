import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acknowledgmentsOf,
  deploymentDocUrl,
  renderDeploymentDoc,
  sectionEnd,
  sectionOf,
  sectionStart,
} from '../../scripts/nag-doc';
import { synth } from './synth';

describe('the cdk-nag acknowledgment table in docs/deployment.md', () => {
  const doc = readFileSync(deploymentDocUrl, 'utf8');

  it('is what the synthesized dev and prod apps acknowledge (npm run nag:doc)', async () => {
    expect(sectionOf(doc)).toBe(sectionOf(await renderDeploymentDoc(doc)));
  });

  it('has a row for every acknowledgment of the dev stage: rule, construct and reason', () => {
    // Cells are split on unescaped pipes; code cells lose their backticks.
    const rows = sectionOf(doc)
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) =>
        line
          .split(/(?<!\\)\|/)
          .slice(1, -1)
          .map((cell) =>
            cell
              .trim()
              .replace(/^`(.*)`$/, '$1')
              .replaceAll('\\|', '|'),
          ),
      );
    const acknowledgments = acknowledgmentsOf(synth('dev').app, 'dev');
    expect(acknowledgments.length).toBeGreaterThan(10);
    for (const { rule, where, reason } of acknowledgments) {
      const row = rows.find((cells) => cells[0] === rule && cells[1] === where);
      expect(row, `${rule} at ${where}`).toBeDefined();
      expect(row?.[3]).toBe(reason);
    }
  });

  it('names stage-specific parts generically, so one row serves every stage', () => {
    const rules = acknowledgmentsOf(synth('prod').app, 'prod').map((ack) => ack.rule);
    expect(rules.some((rule) => rule.includes('/{stage}/'))).toBe(true);
    expect(rules.join('\n')).not.toContain('telehealth-prod');
  });

  it('is found only between its markers', () => {
    expect(() => sectionOf('no markers here')).toThrow(/no cdk-nag acknowledgment markers/);
    expect(sectionOf(`before\n${sectionStart}\nrows\n${sectionEnd}\nafter`)).toBe(
      `${sectionStart}\nrows\n${sectionEnd}`,
    );
  });
});
