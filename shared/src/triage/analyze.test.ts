import { describe, expect, it } from 'vitest';
import {
  analyzeSymptoms,
  casePriority,
  findCombinations,
  meetsConfidenceThreshold,
} from './analyze';
import { MAX_SUGGESTIONS, URGENCY_MESSAGES } from './constants';
import { DANGEROUS_COMBINATIONS } from './keywords';
import {
  CRISIS_SUGGESTION,
  MORE_DETAIL_SUGGESTION,
  REGIONAL_SUGGESTION,
  URGENCY_ADVICE,
} from './suggestions';
import type { AnalyserMode } from './types';

describe('analyzeSymptoms: minimum length 2', () => {
  it.each(['', ' ', 'a', '  b  '])('treats %j as routine with confidence 0', (text) => {
    expect(analyzeSymptoms(text)).toEqual({
      urgencyLevel: 'routine',
      matchedKeywords: [],
      confidence: 0,
      suggestions: [],
      medicalContext: URGENCY_MESSAGES.routine,
    });
  });

  it('analyses from 2 characters', () => {
    expect(analyzeSymptoms('ok').confidence).toBe(0.5);
  });

  it('survives a non-string at run time (server input)', () => {
    expect(analyzeSymptoms(undefined as unknown as string).confidence).toBe(0);
  });
});

describe('analyzeSymptoms: urgency from keywords', () => {
  it.each([
    ['I have chest pain', 'chest pain'],
    ['Difficulty breathing since noon', 'difficulty breathing'],
    ['severe bleeding from a cut', 'severe bleeding'],
    ['I think my dad had a stroke', 'stroke'],
    ['She is unconscious', 'unconscious'],
    ['he had a seizure', 'seizure'],
    ['severe allergic reaction to nuts', 'severe allergic reaction'],
    ['I feel suicidal', 'suicidal'],
  ])('%j is an emergency', (text, keyword) => {
    const result = analyzeSymptoms(text, { mode: 'basic' });
    expect(result.urgencyLevel).toBe('emergency');
    expect(result.matchedKeywords).toContain(keyword);
  });

  it.each([
    ['fever with chills', 'fever with'],
    ['persistent vomiting all night', 'persistent vomiting'],
    ['I see blood in urine', 'blood in urine'],
  ])('%j is urgent', (text, keyword) => {
    const result = analyzeSymptoms(text, { mode: 'basic' });
    expect(result.urgencyLevel).toBe('urgent');
    expect(result.matchedKeywords).toEqual([keyword]);
  });

  it.each([
    ['mild headache', 'mild headache'],
    ['just a common cold', 'common cold'],
  ])('%j is routine', (text, keyword) => {
    const result = analyzeSymptoms(text, { mode: 'basic' });
    expect(result.urgencyLevel).toBe('routine');
    expect(result.matchedKeywords).toEqual([keyword]);
  });

  it('is routine without any keyword', () => {
    expect(analyzeSymptoms('I would like some advice').urgencyLevel).toBe('routine');
  });

  it('takes the most severe level present', () => {
    expect(analyzeSymptoms('mild headache and persistent vomiting').urgencyLevel).toBe('urgent');
    expect(analyzeSymptoms('blood in urine and chest pain').urgencyLevel).toBe('emergency');
  });

  it('matches case-insensitively', () => {
    expect(analyzeSymptoms('CHEST PAIN').urgencyLevel).toBe('emergency');
    expect(analyzeSymptoms('Chest Pain').matchedKeywords).toEqual(['chest pain']);
  });

  it('matches on word boundaries only', () => {
    expect(analyzeSymptoms('strokes of luck').matchedKeywords).toEqual(['stroke']);
    expect(analyzeSymptoms('heartburn after dinner').urgencyLevel).toBe('routine');
    expect(analyzeSymptoms('my keystroke count').matchedKeywords).toEqual([]);
    expect(analyzeSymptoms('unconsciously sighing').matchedKeywords).toEqual([]);
  });

  it('counts overlapping phrases once, as the longest', () => {
    const result = analyzeSymptoms('severe abdominal pain');
    expect(result.matchedKeywords).toEqual(['severe abdominal pain']);
    expect(result.confidence).toBe(0.7);
  });

  it('lists matches in text order, without repeats', () => {
    expect(analyzeSymptoms('stroke? chest pain, stroke again').matchedKeywords).toEqual([
      'stroke',
      'chest pain',
    ]);
  });
});

describe('analyzeSymptoms: confidence rules end to end', () => {
  it('base 0.5 for a short text without keywords', () => {
    expect(analyzeSymptoms('unwell').confidence).toBe(0.5);
  });

  it('+0.1 from 10 characters', () => {
    expect(analyzeSymptoms('feel_unwel').confidence).toBe(0.6); // 10 characters, 1 word
    expect(analyzeSymptoms('feel_unwe').confidence).toBe(0.5); // 9 characters
  });

  it('+0.1 from 3 words', () => {
    expect(analyzeSymptoms('a b c').confidence).toBe(0.6);
    expect(analyzeSymptoms('a b').confidence).toBe(0.5);
  });

  it('counts the trimmed text', () => {
    expect(analyzeSymptoms('  unwell   ').confidence).toBe(0.5);
  });

  it('emergency: 0.9 for one match, capped at 0.95', () => {
    expect(analyzeSymptoms('stroke').confidence).toBe(0.9);
    expect(analyzeSymptoms('stroke and seizure', { mode: 'basic' }).confidence).toBe(0.95);
    expect(analyzeSymptoms('stroke, seizure, unconscious').confidence).toBe(0.95);
  });

  it('urgent: 0.7, 0.8, then capped at 0.85', () => {
    expect(analyzeSymptoms('high fever').confidence).toBe(0.7);
    expect(analyzeSymptoms('high fever and wheezing').confidence).toBe(0.8);
    expect(analyzeSymptoms('high fever, wheezing, blood in stool').confidence).toBe(0.85);
  });

  it('combination: +0.2 and emergency, in enhanced mode', () => {
    // meningitis: no emergency keyword, "stiff neck" is urgent (0.7) → 0.9
    const result = analyzeSymptoms('headache, stiff neck and fever', { mode: 'enhanced' });
    expect(result.urgencyLevel).toBe('emergency');
    expect(result.confidence).toBe(0.9);
  });

  it('combination over an emergency keyword stays at 0.95', () => {
    expect(analyzeSymptoms('chest pain and sweating').confidence).toBe(0.95);
  });
});

describe('analyzeSymptoms: dangerous combinations', () => {
  it.each([
    ['chest pain and shortness of breath', 'cardiac'],
    ['chest pain with sweating', 'cardiac'],
    ['chest tightness and arm pain', 'cardiac'],
    ['bad headache, stiff neck, fever', 'meningitis'],
    ['fever and a purple rash', 'meningococcal-rash'],
    ['numbness in my face and confusion', 'stroke'],
    ['fever, chills and a racing heart', 'sepsis'],
    ['hives and swollen lips', 'anaphylaxis'],
    ['I am pregnant and bleeding', 'pregnancy'],
    ['hit my head, now vomiting', 'head-injury'],
    ['diabetic and vomiting', 'diabetic-emergency'],
    ['stomach pain, fever and vomiting', 'appendicitis'],
  ])('%j is the %s combination', (text, id) => {
    expect(findCombinations(text).map((c) => c.id)).toContain(id);
    expect(analyzeSymptoms(text, { mode: 'enhanced' }).urgencyLevel).toBe('emergency');
  });

  it('needs every group: headache with fever alone is not meningitis', () => {
    expect(findCombinations('headache and fever')).toEqual([]);
    expect(analyzeSymptoms('headache and fever').urgencyLevel).toBe('routine');
  });

  it('adds the combination terms to matchedKeywords, after the keywords', () => {
    expect(analyzeSymptoms('fever, stiff neck and headache').matchedKeywords).toEqual([
      'stiff neck',
      'headache',
      'fever',
    ]);
  });

  it('is data: every combination has two or more non-empty groups and a warning', () => {
    for (const combination of DANGEROUS_COMBINATIONS) {
      expect(combination.groups.length).toBeGreaterThanOrEqual(2);
      for (const group of combination.groups) expect(group.length).toBeGreaterThan(0);
      expect(combination.warning).toMatch(/\.$/);
    }
    expect(new Set(DANGEROUS_COMBINATIONS.map((c) => c.id)).size).toBe(
      DANGEROUS_COMBINATIONS.length,
    );
  });
});

describe('analyzeSymptoms: modes', () => {
  const text = 'headache, stiff neck and fever';

  it('basic: keywords only (no combinations, no suggestions)', () => {
    const result = analyzeSymptoms(text, { mode: 'basic' });
    expect(result.urgencyLevel).toBe('urgent');
    expect(result.confidence).toBe(0.7);
    expect(result.matchedKeywords).toEqual(['headache', 'stiff neck']);
    expect(result.suggestions).toEqual([]);
  });

  it('enhanced: adds combinations, still no suggestions', () => {
    const result = analyzeSymptoms(text, { mode: 'enhanced' });
    expect(result.urgencyLevel).toBe('emergency');
    expect(result.suggestions).toEqual([]);
  });

  it('full (the default): adds suggestions', () => {
    const result = analyzeSymptoms(text);
    expect(result.urgencyLevel).toBe('emergency');
    expect(result.suggestions[0]).toBe(
      'Headache with a stiff neck and fever can be a sign of meningitis.',
    );
  });

  it.each<AnalyserMode>(['basic', 'enhanced', 'full'])(
    '%s: medicalContext is the spec message of the level',
    (mode) => {
      expect(analyzeSymptoms('chest pain', { mode }).medicalContext).toBe(
        'Immediate medical attention required. Call emergency services.',
      );
      expect(analyzeSymptoms('high fever', { mode }).medicalContext).toBe(
        'See healthcare provider today or within 24 hours.',
      );
      expect(analyzeSymptoms('mild headache', { mode }).medicalContext).toBe(
        'Schedule regular appointment with healthcare provider.',
      );
    },
  );
});

describe('analyzeSymptoms: suggestions (full mode)', () => {
  it('never gives more than 5', () => {
    const text =
      'I feel suicidal; chest pain and sweating, headache stiff neck fever, pregnant and bleeding, hives and wheezing';
    const result = analyzeSymptoms(text);
    expect(result.suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(result.suggestions[0]).toBe(CRISIS_SUGGESTION);
  });

  it('gives the level advice', () => {
    expect(analyzeSymptoms('high fever since yesterday').suggestions).toEqual(
      URGENCY_ADVICE.urgent,
    );
    expect(analyzeSymptoms('I have a mild headache').suggestions).toEqual(URGENCY_ADVICE.routine);
  });

  it('asks for more detail under 3 words', () => {
    expect(analyzeSymptoms('mild headache').suggestions).toEqual([
      ...URGENCY_ADVICE.routine,
      MORE_DETAIL_SUGGESTION,
    ]);
  });

  it('has no repeats', () => {
    const { suggestions } = analyzeSymptoms('chest pain, sweating, nausea and chest pressure');
    expect(new Set(suggestions).size).toBe(suggestions.length);
  });
});

describe('analyzeSymptoms: sub-Saharan region setting', () => {
  it.each(['malaria', 'tuberculosis', 'HIV', 'hepatitis B', 'typhoid'])(
    'a routine text mentioning %s becomes urgent',
    (condition) => {
      const text = `I was tested for ${condition} last year`;
      expect(analyzeSymptoms(text).urgencyLevel).toBe('routine');
      const result = analyzeSymptoms(text, { region: 'sub-saharan' });
      expect(result.urgencyLevel).toBe('urgent');
      expect(result.matchedKeywords).toEqual([condition.toLowerCase()]);
      expect(result.medicalContext).toBe(URGENCY_MESSAGES.urgent);
    },
  );

  it('counts the conditions as urgent matches for the confidence', () => {
    expect(analyzeSymptoms('malaria', { region: 'sub-saharan' }).confidence).toBe(0.7);
    expect(analyzeSymptoms('malaria or typhoid', { region: 'sub-saharan' }).confidence).toBe(0.8);
  });

  it('applies in basic mode too', () => {
    expect(analyzeSymptoms('malaria', { region: 'sub-saharan', mode: 'basic' }).urgencyLevel).toBe(
      'urgent',
    );
  });

  it('adds the regional note in full mode', () => {
    expect(analyzeSymptoms('malaria again', { region: 'sub-saharan' }).suggestions[0]).toBe(
      REGIONAL_SUGGESTION,
    );
  });

  it('leaves urgent and emergency results alone', () => {
    const urgent = analyzeSymptoms('high fever, maybe malaria', { region: 'sub-saharan' });
    expect(urgent.urgencyLevel).toBe('urgent');
    expect(urgent.matchedKeywords).toEqual(['high fever']);
    expect(urgent.confidence).toBe(0.7);
    const emergency = analyzeSymptoms('seizure and malaria', { region: 'sub-saharan' });
    expect(emergency.urgencyLevel).toBe('emergency');
  });

  it('matches on word boundaries ("archive" is not hiv)', () => {
    expect(analyzeSymptoms('archive', { region: 'sub-saharan' }).urgencyLevel).toBe('routine');
  });
});

describe('meetsConfidenceThreshold (0.6)', () => {
  it('is false below 0.6 and true from 0.6', () => {
    expect(meetsConfidenceThreshold({ confidence: 0.5 })).toBe(false);
    expect(meetsConfidenceThreshold({ confidence: 0.6 })).toBe(true);
    expect(meetsConfidenceThreshold(analyzeSymptoms('unwell'))).toBe(false);
    expect(meetsConfidenceThreshold(analyzeSymptoms('I feel unwell today'))).toBe(true);
  });
});

describe('casePriority', () => {
  it('is the full-mode urgency', () => {
    expect(casePriority('chest pain')).toBe('emergency');
    expect(casePriority('headache, stiff neck and fever')).toBe('emergency');
    expect(casePriority('high fever')).toBe('urgent');
    expect(casePriority('mild headache')).toBe('routine');
    expect(casePriority('x')).toBe('routine');
  });

  it('takes the region setting', () => {
    expect(casePriority('typhoid')).toBe('routine');
    expect(casePriority('typhoid', 'sub-saharan')).toBe('urgent');
  });
});
