/**
 * The doctor application's messages and document rules, in a module without schemas: the
 * handlers that store applications and their documents need these, and importing them from
 * `submit.ts` built the whole application form's schemas at every cold start. `submit.ts`
 * re-exports them.
 */
export const applicationMessages = {
  fullName: 'Please enter your full name',
  email: 'Please enter a valid email address',
  phoneNumber: 'Please enter a valid phone number',
  medicalLicenseNumber: 'Please enter a valid license number',
  licenseState: 'Please select your license state',
  hospitalAffiliation: 'Please enter your hospital affiliation',
  medicalSchool: 'Please enter your medical school',
  specialization: 'Please select your specialization',
  emailRegistered: 'Email already registered',
  licenseRegistered: 'License number already registered',
} as const;

/** Application documents (spec doc 2 §3, §5). */
export const applicationDocumentTypes = [
  'medical_license',
  'identification',
  'hospital_credentials',
  'cv',
  'board_certifications',
  'malpractice_insurance',
] as const;

export const applicationDocumentRules = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
  extensions: ['pdf', 'jpeg', 'jpg', 'png'],
} as const;

export const applicationDocumentMessages = {
  invalidTypeTitle: 'Invalid File Type',
  invalidType: 'Please upload PDF, JPG, or PNG files only.',
  tooLargeTitle: 'File Too Large',
  tooLarge: 'Please upload files smaller than 5MB.',
  licenseRequiredTitle: 'Medical License Required',
  licenseRequired: 'Please upload your medical license document.',
  idRequiredTitle: 'ID Verification Required',
  idRequired: 'Please upload a government-issued ID.',
  uploadFailed: (type: string) => `Failed to upload ${type}`,
} as const;
