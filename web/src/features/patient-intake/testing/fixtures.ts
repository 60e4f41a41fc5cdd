/**
 * The reading B request of the nurse visit the intake tests fill in (Ada Lovelace, home address
 * and phone); the tests add their own `medicalFiles` and `metadata`.
 */
export const NURSE_VISIT_REQUEST = {
  name: 'Ada Lovelace',
  contactInfo: 'ada@example.com, 0244 000 000',
  symptoms: 'Sore throat and fever since yesterday',
  history: '',
  requestType: 'nurse-visit',
  location: '12 Harbour Road, Accra',
} as const;
