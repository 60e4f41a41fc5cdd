import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '#core/env';
import { adaIntake } from '#testing/cases';
import { newPatientAndCase } from './new-case';

afterEach(() => {
  vi.unstubAllEnvs();
  reloadEnv();
});

/** The priority the server stores for a new case with this symptom text. */
function priorityOf(triageSummary: string) {
  return newPatientAndCase({ ...adaIntake, triageSummary }).caseRecord.priority;
}

describe('a new case’s priority and the TRIAGE_REGION setting (spec doc 1 §9)', () => {
  it('keeps a routine malaria text routine without the region', () => {
    vi.stubEnv('TRIAGE_REGION', '');
    reloadEnv();
    expect(priorityOf('I think I have malaria')).toBe('routine');
    expect(priorityOf('Mild headache')).toBe('routine');
  });

  it('makes a routine malaria text urgent in the sub-Saharan region', () => {
    vi.stubEnv('TRIAGE_REGION', 'sub-saharan');
    reloadEnv();
    expect(priorityOf('I think I have malaria')).toBe('urgent');
    // Only the listed conditions change; other texts keep their priority.
    expect(priorityOf('Mild headache')).toBe('routine');
    expect(priorityOf('chest pain and malaria')).toBe('emergency');
  });

  it('refuses to create a case under an unknown region rather than ignore the setting', () => {
    vi.stubEnv('TRIAGE_REGION', 'africa');
    reloadEnv();
    expect(() => priorityOf('I think I have malaria')).toThrow(/TRIAGE_REGION must be one of/);
  });
});
