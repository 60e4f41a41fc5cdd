/**
 * Keyword data of the symptom analyser (spec doc 1 §9). All entries are lower case; they are
 * matched case-insensitively on word boundaries by `matching.ts` (a trailing plural "s" is
 * accepted, and any run of spaces matches one space). When phrases overlap in a text the longest
 * wins, so "severe abdominal pain" counts once, as itself, not also as "abdominal pain".
 */

/** Any one of these makes the result an emergency. */
export const EMERGENCY_KEYWORDS = [
  'chest pain',
  'chest pressure',
  'crushing chest',
  'heart attack',
  'difficulty breathing',
  'trouble breathing',
  "can't breathe",
  'cannot breathe',
  'not breathing',
  'choking',
  'blue lips',
  'severe bleeding',
  'uncontrolled bleeding',
  'bleeding heavily',
  'coughing up blood',
  'vomiting blood',
  'stroke',
  'face drooping',
  'slurred speech',
  'sudden numbness',
  'sudden weakness',
  'sudden vision loss',
  'worst headache',
  'unconscious',
  'unresponsive',
  'passed out',
  'seizure',
  'convulsion',
  'severe allergic reaction',
  'anaphylaxis',
  'throat swelling',
  'suicidal',
  'suicide',
  'kill myself',
  'overdose',
  'poisoning',
  'severe burn',
] as const;

/** Any one of these (and no emergency keyword) makes the result urgent. */
export const URGENT_KEYWORDS = [
  'fever with',
  'high fever',
  'persistent fever',
  'persistent vomiting',
  'persistent diarrhea',
  'blood in urine',
  'blood in stool',
  'severe pain',
  'severe abdominal pain',
  'severe headache',
  'shortness of breath',
  'wheezing',
  'asthma attack',
  'dehydration',
  'dehydrated',
  'fainting',
  'fainted',
  'confusion',
  'stiff neck',
  'broken bone',
  'fracture',
  'deep cut',
  'burn',
  'head injury',
  'eye injury',
  'animal bite',
  'dog bite',
  'painful urination',
  'kidney pain',
  'yellow skin',
  'jaundice',
  'infected wound',
  'swollen leg',
] as const;

/** Everyday complaints; they do not raise the urgency (a text without any keyword is routine too). */
export const ROUTINE_KEYWORDS = [
  'mild headache',
  'headache',
  'common cold',
  'head cold',
  'runny nose',
  'stuffy nose',
  'congestion',
  'sore throat',
  'cough',
  'sneezing',
  'mild fever',
  'seasonal allergies',
  'allergies',
  'back pain',
  'muscle ache',
  'joint pain',
  'rash',
  'acne',
  'itching',
  'fatigue',
  'tired',
  'insomnia',
  'constipation',
  'heartburn',
  'indigestion',
  'nausea',
  'minor cut',
  'bruise',
  'sprain',
  'earache',
  'toothache',
  'prescription refill',
  'check-up',
] as const;

/**
 * Sub-Saharan region setting (spec §9): a result that would be routine becomes urgent when the
 * text mentions one of these.
 */
export const SUB_SAHARAN_CONDITIONS = [
  'malaria',
  'tuberculosis',
  'hiv',
  'hepatitis b',
  'typhoid',
] as const;

/**
 * A set of findings that is dangerous together even when each alone is not an emergency.
 * `groups` is an AND of ORs: the combination is present when every group has at least one of
 * its terms in the text.
 */
export interface DangerousCombination {
  id: string;
  groups: readonly (readonly string[])[];
  /** Why it matters, in plain words; shown as the first suggestions in full mode. */
  warning: string;
}

export const DANGEROUS_COMBINATIONS: readonly DangerousCombination[] = [
  {
    id: 'cardiac',
    groups: [
      ['chest pain', 'chest pressure', 'chest tightness', 'chest discomfort'],
      [
        'shortness of breath',
        'short of breath',
        'sweating',
        'arm pain',
        'jaw pain',
        'nausea',
        'dizziness',
      ],
    ],
    warning:
      'Chest pain with shortness of breath, sweating, arm or jaw pain can be a sign of a heart attack.',
  },
  {
    id: 'meningitis',
    groups: [['headache'], ['stiff neck'], ['fever']],
    warning: 'Headache with a stiff neck and fever can be a sign of meningitis.',
  },
  {
    id: 'meningococcal-rash',
    groups: [['fever'], ['purple rash', 'purple spots', 'rash that does not fade']],
    warning: 'Fever with a purple rash or a rash that does not fade under pressure needs care now.',
  },
  {
    id: 'stroke',
    groups: [
      ['numbness', 'weakness'],
      ['confusion', 'trouble speaking', 'blurred vision', 'loss of balance'],
    ],
    warning:
      'Numbness or weakness with confusion, trouble speaking or vision problems can be signs of a stroke.',
  },
  {
    id: 'sepsis',
    groups: [
      ['fever', 'chills'],
      ['confusion', 'rapid breathing', 'racing heart', 'mottled skin'],
    ],
    warning: 'Fever with confusion, rapid breathing or a racing heart can be a sign of sepsis.',
  },
  {
    id: 'anaphylaxis',
    groups: [
      ['hives', 'rash', 'itching'],
      ['swollen lips', 'swollen tongue', 'swollen face', 'throat tightness', 'wheezing'],
    ],
    warning: 'Hives or itching with swelling of the lips, tongue or throat can be anaphylaxis.',
  },
  {
    id: 'pregnancy',
    groups: [
      ['pregnant', 'pregnancy'],
      ['bleeding', 'abdominal pain', 'severe headache', 'blurred vision'],
    ],
    warning:
      'Bleeding, abdominal pain, severe headache or vision changes in pregnancy need care now.',
  },
  {
    id: 'head-injury',
    groups: [
      ['head injury', 'hit my head', 'hit his head', 'hit her head', 'hit their head'],
      ['vomiting', 'confusion', 'drowsy', 'drowsiness', 'blurred vision'],
    ],
    warning:
      'Vomiting, confusion or drowsiness after a head injury can mean bleeding in the brain.',
  },
  {
    id: 'diabetic-emergency',
    groups: [
      ['diabetes', 'diabetic'],
      ['confusion', 'fruity breath', 'vomiting', 'very high blood sugar'],
    ],
    warning:
      'Confusion, vomiting or fruity breath with diabetes can be a sign of diabetic ketoacidosis.',
  },
  {
    id: 'appendicitis',
    groups: [['abdominal pain', 'stomach pain', 'belly pain'], ['fever'], ['vomiting']],
    warning: 'Abdominal pain with fever and vomiting can be a sign of appendicitis.',
  },
];
