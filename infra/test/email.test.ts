import { describe, expect, it } from 'vitest';
import { resourcesOfType, synth } from './synth';

describe('email permissions', () => {
  const { template } = synth();
  const policies = resourcesOfType(template, 'AWS::IAM::Policy');
  const sending = Object.entries(policies).filter(([, policy]) =>
    JSON.stringify(policy.Properties).includes('ses:SendEmail'),
  );

  it('lets only the approve and reject handlers send, as the sender domain', () => {
    expect(sending.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/AdminApprove/),
      expect.stringMatching(/AdminReject/),
    ]);
    for (const [, policy] of sending) {
      expect(JSON.stringify(policy.Properties)).toContain('identity/telehealth.example');
    }
  });

  it('tells every handler the sender address', () => {
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    const handlers = Object.values(functions).filter((fn) =>
      JSON.stringify(fn.Properties).includes('TABLE_NAME'),
    );
    expect(handlers.length).toBeGreaterThan(0);
    for (const fn of handlers) {
      expect(JSON.stringify(fn.Properties)).toContain('"SES_FROM":"no-reply@telehealth.example"');
    }
  });
});
