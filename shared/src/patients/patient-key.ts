/**
 * The patient's capability (issue 25, docs/adr/0012-patient-capability.md). The patient has no
 * login, and providers and admins see case ids, so a case id alone must not act as the patient.
 * `POST /api/cases` and `POST /api/patients` return a random key once; the server keeps only its
 * hash. The browser keeps the key in local storage and sends it in this header on every patient
 * call that shows the patient's own data or acts as the patient. It never goes into a URL a server
 * sees: the visit link carries it in the fragment (`#key=…`). No zod here: the patient pages and
 * their fetchers read these names without it (docs/web.md); the schema is `patient-key-schema.ts`.
 */
export const PATIENT_KEY_HEADER = 'X-Patient-Key';

/** Where the browser keeps the key: local storage, under this prefix and the case (or patient) id. */
export const PATIENT_KEY_STORAGE_PREFIX = 'telehealth.patient-key.';

/** The fragment parameter of a visit link: `/visit/{caseId}#key=…`. */
export const PATIENT_KEY_FRAGMENT_PARAM = 'key';

/** 32 random bytes in base64url without padding: 43 characters. */
export const PATIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The 403 of a patient action without the key (or with a wrong one), and what the pages say when
 * this browser holds no key for the case: what the patient can do about it.
 */
export const PATIENT_KEY_REQUIRED =
  'This visit can only be opened from the device that requested it, or with the private visit link. Please open your visit link from that device.';

/** The key of a link's fragment (`#key=…`), or null. */
export function patientKeyFromHash(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get(PATIENT_KEY_FRAGMENT_PARAM);
  return key && PATIENT_KEY_PATTERN.test(key) ? key : null;
}

/** A fragment that carries the key, for the link of a patient page. */
export function patientKeyFragment(key: string): string {
  return `#${new URLSearchParams({ [PATIENT_KEY_FRAGMENT_PARAM]: key }).toString()}`;
}

/**
 * The case of a room token (`{caseId}.{expiresAt}.{signature}`, DESIGN.md §7): the patient's room
 * page finds the key it must send by this case id. Null for a token of another shape.
 */
export function caseIdOfRoomToken(token: string): string | null {
  const caseId = token.split('.')[0];
  return caseId && /^[0-9a-f-]{36}$/.test(caseId) ? caseId : null;
}
