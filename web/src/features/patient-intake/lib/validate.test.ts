import { describe, expect, it } from 'vitest';
import type { SymptomAnalysis } from '@shared/triage/types';
import { NURSE_VISIT_REQUEST } from '../testing/fixtures';
import {
  analysisFor,
  triageMetadata,
  type CaseFormValues,
  type PatientFormValues,
} from './intake-fields';
import { validateCaseForm, validatePatientForm } from './validate';

const noExtras = { medicalFiles: [], metadata: undefined };

const caseValues: CaseFormValues = {
  requestType: 'telemedicine',
  name: 'Ada Lovelace',
  symptoms: 'Sore throat and fever since yesterday',
  email: 'ada@example.com',
  phone: '',
  address: '',
  regions: [],
};

const patientValues: PatientFormValues = {
  requestType: 'telemedicine',
  name: 'Ada Lovelace',
  contactInfo: '+1 555 0100',
  symptoms: 'Sore throat',
  history: '',
  address: '',
  regions: [],
};

describe('reading A validation (caseIntakeSchema)', () => {
  it('gives the spec messages for an empty form', () => {
    const result = validateCaseForm(
      { ...caseValues, name: ' ', symptoms: '', email: '', phone: '' },
      noExtras,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        symptoms: 'Please describe your symptoms',
        phone: 'Either phone or email is required',
      },
    });
  });

  it('checks the email when given', () => {
    expect(validateCaseForm({ ...caseValues, email: 'not-an-email' }, noExtras)).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('accepts a phone instead of an email and trims the fields', () => {
    const result = validateCaseForm(
      { ...caseValues, name: '  Ada ', email: '', phone: ' +1 555 0100 ' },
      noExtras,
    );
    expect(result).toEqual({
      ok: true,
      flow: 'case',
      intake: {
        name: 'Ada',
        triageSummary: 'Sore throat and fever since yesterday',
        phone: '+1 555 0100',
      },
    });
  });

  it('requires the home address for a nurse visit and sends it as reading B', () => {
    const nurse = { ...caseValues, requestType: 'nurse-visit' as const };
    expect(validateCaseForm(nurse, noExtras)).toEqual({
      ok: false,
      errors: { address: 'Please enter your home address for the nurse visit' },
    });

    const result = validateCaseForm(
      { ...nurse, address: '12 Harbour Road, Accra', phone: '0244 000 000' },
      { medicalFiles: ['1-a.png'], metadata: { selectedTriageImages: ['head'] } },
    );
    expect(result).toMatchObject({
      ok: true,
      flow: 'patient',
      request: {
        ...NURSE_VISIT_REQUEST,
        medicalFiles: ['1-a.png'],
        metadata: { selectedTriageImages: ['head'] },
      },
    });
  });
});

describe('reading B validation (patientRequestSchema)', () => {
  it('gives the schema messages for an empty form', () => {
    const result = validatePatientForm(
      { ...patientValues, requestType: '', name: '', contactInfo: '', symptoms: '' },
      noExtras,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        requestType: 'Please choose a type of care',
        name: 'Name is required',
        contactInfo: 'Please enter an email address or phone number',
        symptoms: 'Please describe your symptoms',
      },
    });
  });

  it('requires the home address for a nurse visit only', () => {
    expect(validatePatientForm({ ...patientValues, requestType: 'nurse-visit' }, noExtras)).toEqual(
      {
        ok: false,
        errors: { address: 'Please enter your home address for the nurse visit' },
      },
    );
    const result = validatePatientForm({ ...patientValues, address: 'ignored' }, noExtras);
    expect(result).toMatchObject({ ok: true, request: { location: '' } });
  });

  it('limits the symptoms to 2000 characters', () => {
    const result = validatePatientForm({ ...patientValues, symptoms: 'a'.repeat(2001) }, noExtras);
    expect(result).toEqual({
      ok: false,
      errors: { symptoms: 'Please keep the description under 2000 characters' },
    });
  });
});

describe('triageMetadata', () => {
  const analysis: SymptomAnalysis = {
    urgencyLevel: 'urgent',
    matchedKeywords: ['fever with'],
    confidence: 0.7,
    suggestions: [],
    medicalContext: 'See healthcare provider today or within 24 hours.',
  };

  it('carries the analysis and the chosen body regions', () => {
    expect(
      triageMetadata({ analysis, at: '2030-01-01T10:00:00.000Z', text: 'x' }, ['head', 'chest']),
    ).toEqual({
      urgencyLevel: 'urgent',
      confidence: 0.7,
      matchedKeywords: ['fever with'],
      selectedTriageImages: ['head', 'chest'],
      analysisTimestamp: '2030-01-01T10:00:00.000Z',
    });
  });

  it('is left out when there is nothing to say', () => {
    expect(triageMetadata(null, [])).toBeUndefined();
  });
});

describe('analysisFor', () => {
  it("reuses the field's answer for the same text and analyses a newer text", () => {
    const latest = {
      analysis: {
        urgencyLevel: 'routine' as const,
        matchedKeywords: [],
        confidence: 0.5,
        suggestions: [],
        medicalContext: '',
      },
      at: '2030-01-01T10:00:00.000Z',
      text: 'mild headache',
    };
    expect(analysisFor(' mild headache ', latest)).toBe(latest);
    const fresh = analysisFor('chest pain', latest, new Date('2030-01-01T10:00:05.000Z'));
    expect(fresh).toMatchObject({
      at: '2030-01-01T10:00:05.000Z',
      text: 'chest pain',
      analysis: { urgencyLevel: 'emergency' },
    });
    expect(analysisFor('a', null)).toBeNull();
  });
});
