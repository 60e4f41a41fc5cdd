import { MAX_TERM_SUGGESTIONS, MIN_TERM_PREFIX_LENGTH, SYMPTOM_TEXT_MAX_LENGTH } from './constants';
import { containsPhrase, normalizeText } from './matching';

/** Terms offered while typing, most common first (the order breaks ties between prefixes). */
export const MEDICAL_TERMS: readonly string[] = [
  'headache',
  'fever',
  'cough',
  'sore throat',
  'nausea',
  'vomiting',
  'diarrhea',
  'dizziness',
  'fatigue',
  'rash',
  'chest pain',
  'shortness of breath',
  'abdominal pain',
  'back pain',
  'joint pain',
  'muscle pain',
  'stomach pain',
  'runny nose',
  'congestion',
  'chills',
  'sweating',
  'itching',
  'swelling',
  'numbness',
  'tingling',
  'weakness',
  'wheezing',
  'palpitations',
  'heartburn',
  'indigestion',
  'constipation',
  'bloating',
  'cramps',
  'insomnia',
  'anxiety',
  'depression',
  'migraine',
  'earache',
  'toothache',
  'blurred vision',
  'burning urination',
  'blood in urine',
  'stiff neck',
  'sprain',
  'bruising',
  'hives',
  'eczema',
  'acne',
  'allergy',
  'allergic reaction',
  'asthma',
  'bronchitis',
  'pneumonia',
  'sinus infection',
  'ear infection',
  'urinary tract infection',
  'infection',
  'inflammation',
  'dehydration',
  'diabetes',
  'hypertension',
  'high blood pressure',
  'arthritis',
  'lightheadedness',
  'loss of appetite',
  'weight loss',
  'malaria',
  'typhoid',
  'tuberculosis',
  'hepatitis b',
  'pregnancy',
];

/** The word being typed: the letters (and ' or -) at the very end of the text; '' after a space. */
export function currentWord(text: string): string {
  return /[\p{L}'-]+$/u.exec(text)?.[0] ?? '';
}

/**
 * Up to 3 terms that start with the word being typed, once it has 2 characters (spec §2, §9).
 * Matching ignores case; a term equal to the typed word is not offered.
 */
export function suggestMedicalTerms(text: string): string[] {
  const word = normalizeText(currentWord(text));
  if (word.length < MIN_TERM_PREFIX_LENGTH) return [];
  return MEDICAL_TERMS.filter((term) => term.startsWith(word) && term !== word).slice(
    0,
    MAX_TERM_SUGGESTIONS,
  );
}

/**
 * Replaces the word being typed with `term` and a space. A capitalised word gives a capitalised
 * term. The result is cut to `maxLength` (default 2000).
 */
export function completeCurrentWord(
  text: string,
  term: string,
  maxLength: number = SYMPTOM_TEXT_MAX_LENGTH,
): string {
  const word = currentWord(text);
  const first = word.charAt(0);
  const capitalised = first !== '' && first !== first.toLowerCase();
  const replacement = capitalised ? term.charAt(0).toUpperCase() + term.slice(1) : term;
  return `${text.slice(0, text.length - word.length)}${replacement} `.slice(0, maxLength);
}

/**
 * Appends a quick-pick symptom (e.g. from the body-region picker) to the text: ", " after
 * text, " " after a punctuation mark, nothing before the first. A symptom already in the text
 * (word-bounded, any case), or one that would not fit in `maxLength`, leaves the text unchanged.
 */
export function appendSymptom(
  text: string,
  symptom: string,
  maxLength: number = SYMPTOM_TEXT_MAX_LENGTH,
): string {
  if (containsPhrase(normalizeText(text), symptom)) return text;
  const head = text.trimEnd();
  const separator = head === '' ? '' : /[.,;:!?]$/.test(head) ? ' ' : ', ';
  const next = `${head}${separator}${symptom}`;
  return next.length > maxLength ? text : next;
}
