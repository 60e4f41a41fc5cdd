import type { UrgencyLevel } from '../patients/request';

/** The body regions of spec doc 1 §3, in the spec's order. */
export const bodyRegionIds = [
  'head',
  'neck_throat',
  'chest',
  'abdomen',
  'back',
  'arms',
  'legs',
  'skin',
  'genital',
  'general',
  'mental',
  'emergency',
] as const;
export type BodyRegionId = (typeof bodyRegionIds)[number];

export interface BodyRegion {
  id: BodyRegionId;
  name: string;
  /** Quick picks the patient can add to the symptom text. */
  commonSymptoms: readonly string[];
  /** The level the spec gives the region (the analyser itself reads only the text). */
  urgencyLevel: UrgencyLevel;
}

export const bodyRegions: readonly BodyRegion[] = [
  {
    id: 'head',
    name: 'Head',
    commonSymptoms: ['headache', 'dizziness', 'blurred vision', 'earache'],
    urgencyLevel: 'routine',
  },
  {
    id: 'neck_throat',
    name: 'Neck & Throat',
    commonSymptoms: ['sore throat', 'stiff neck', 'difficulty swallowing', 'swollen glands'],
    urgencyLevel: 'urgent',
  },
  {
    id: 'chest',
    name: 'Chest',
    commonSymptoms: ['chest pain', 'chest tightness', 'shortness of breath', 'palpitations'],
    urgencyLevel: 'emergency',
  },
  {
    id: 'abdomen',
    name: 'Abdomen',
    commonSymptoms: ['abdominal pain', 'nausea', 'vomiting', 'diarrhea'],
    urgencyLevel: 'urgent',
  },
  {
    id: 'back',
    name: 'Back',
    commonSymptoms: ['lower back pain', 'upper back pain', 'muscle spasms', 'stiffness'],
    urgencyLevel: 'routine',
  },
  {
    id: 'arms',
    name: 'Arms',
    commonSymptoms: ['arm pain', 'joint pain', 'numbness', 'swelling'],
    urgencyLevel: 'routine',
  },
  {
    id: 'legs',
    name: 'Legs',
    commonSymptoms: ['leg pain', 'knee pain', 'swollen ankles', 'cramps'],
    urgencyLevel: 'routine',
  },
  {
    id: 'skin',
    name: 'Skin',
    commonSymptoms: ['rash', 'itching', 'hives', 'burn'],
    urgencyLevel: 'urgent',
  },
  {
    id: 'genital',
    name: 'Genital & Urinary',
    commonSymptoms: ['painful urination', 'blood in urine', 'discharge', 'pelvic pain'],
    urgencyLevel: 'urgent',
  },
  {
    id: 'general',
    name: 'General',
    commonSymptoms: ['fever', 'fatigue', 'chills', 'weight loss'],
    urgencyLevel: 'urgent',
  },
  {
    id: 'mental',
    name: 'Mental Health',
    commonSymptoms: ['anxiety', 'low mood', 'trouble sleeping', 'stress'],
    urgencyLevel: 'routine',
  },
  {
    id: 'emergency',
    name: 'Emergency',
    commonSymptoms: ['difficulty breathing', 'severe bleeding', 'unconscious', 'stroke symptoms'],
    urgencyLevel: 'emergency',
  },
];

const byId = new Map(bodyRegions.map((region) => [region.id, region]));

/** The region with this id, or undefined for an unknown id. */
export function findBodyRegion(id: string): BodyRegion | undefined {
  return byId.get(id as BodyRegionId);
}
