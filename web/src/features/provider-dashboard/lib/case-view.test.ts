import { describe, expect, it } from 'vitest';
import { priorityOf, shortCaseId, SUMMARY_LIMITS, truncate } from './case-view';

describe('case view', () => {
  it('shows the first 8 characters of the id', () => {
    expect(shortCaseId('3f2b9c1e-aaaa-4bbb-8ccc-123456789abc')).toBe('3f2b9c1e');
  });

  it('cuts summaries at each limit and marks the cut', () => {
    const long = 'x'.repeat(130);
    expect(truncate(long, SUMMARY_LIMITS.card)).toBe(`${'x'.repeat(120)}...`);
    expect(truncate(long, SUMMARY_LIMITS.all)).toBe(`${'x'.repeat(80)}...`);
    expect(truncate(long, SUMMARY_LIMITS.alert)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('x'.repeat(50), SUMMARY_LIMITS.alert)).toBe('x'.repeat(50));
  });

  it('labels a summary with the word urgent URGENT, anything else ROUTINE (spec doc 2 §2)', () => {
    expect(priorityOf('Urgent: chest pain', 'routine')).toBe('URGENT');
    expect(priorityOf('this is URGENT.', 'routine')).toBe('URGENT');
    expect(priorityOf('no urgency here', 'routine')).toBe('ROUTINE');
    expect(priorityOf('Mild cough', 'routine')).toBe('ROUTINE');
  });

  it("follows the server's stored triage priority, whatever the words (issue 27)", () => {
    expect(priorityOf("crushing chest pain, can't breathe", 'emergency')).toBe('EMERGENCY');
    expect(priorityOf('urgent: chest pain', 'emergency')).toBe('EMERGENCY');
    expect(priorityOf('I think I have malaria', 'urgent')).toBe('URGENT');
  });
});
