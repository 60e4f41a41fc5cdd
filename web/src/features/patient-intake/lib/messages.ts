/**
 * Texts of the request screens. Those marked "spec" are quoted from spec doc 1 (§2, §5, §8);
 * the others are this app's own wording where the spec gives none.
 */

export const TELEHEALTH_PAGE_TITLE = 'Get Healthcare Help'; // spec §2 (intro text)
export const PATIENT_PAGE_TITLE = 'Patient Request';
export const FORM_TITLE = 'Tell Us How You Feel'; // spec §2
export const FORM_BADGES = ['Private & Safe', 'Takes 3 Minutes'] as const; // spec §2

/** The intake page calls the service FREE during the testing phase (spec §1). */
export const FREE_TESTING_BADGE = 'FREE Testing';
export const FREE_TESTING_TEXT =
  'This service is FREE during our testing phase. Describe how you feel and a licensed doctor will help you.';

/** Care type options (spec §2). */
export const CARE_TYPE_OPTIONS = {
  telemedicine: {
    title: 'Telemedicine Consultation',
    badge: 'Video Call',
    description: 'A private 15-minute video call with a licensed doctor.',
  },
  'nurse-visit': {
    title: 'Home Nurse Visit',
    badge: 'At Home',
    description: 'A nurse visits you at home. A nurse calls you within 2 hours.',
  },
} as const;

export const submitMessages = {
  /** Reading A success toast (spec §8). */
  caseSubmitted: 'Request Submitted! Redirecting to payment...',
  /** Reading B success toast (spec §8). */
  patientSubmitted: 'Request Submitted',
  failedTitle: 'Submission Failed', // spec §8
  caseFailed: 'Failed to submit case', // spec §8
  patientFailed: 'There was an error submitting your request. Please try again.', // spec §8
  submit: 'Submit Request',
  submitting: 'Submitting...',
} as const;

export const recorderMessages = {
  deniedTitle: 'Microphone Access Denied', // spec §8
  denied: 'Please allow microphone access to record audio', // spec §8
  failedTitle: 'Recording Failed',
  failed: 'Your browser could not record audio. You can describe your symptoms in writing instead.',
} as const;

/** The payment-redirect panel (spec §2, §8). */
export const redirectPanelMessages = {
  title: 'Request Submitted Successfully', // spec
  proceed: 'Proceed to Payment', // spec
  returnToForm: 'Return to Form', // spec
  tryAgain: 'Try Again', // spec
  sessionFailed: (message: string) => `Failed to create payment session: ${message}`, // spec
  unknownError: 'Unknown error', // spec
  noCheckoutUrl: 'No checkout URL received from server', // spec
  sessionNotReady: 'Payment session not ready. Please wait...', // spec
  invalidPatientId: 'Invalid patient ID. Please try submitting the form again.', // spec
  redirecting: (seconds: number) =>
    `Redirecting to payment in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}...`,
  uploading: 'Please wait while your files finish uploading.',
  uploadsFailed:
    'Some files could not be uploaded. Retry them, or proceed to payment without them.',
  successCardTitle: 'Your Request is Sent!', // spec
  yourId: 'Your ID', // spec
} as const;

export const offlineMessages = {
  queuedTitle: 'Saved on This Device',
  queued: 'You are offline. Your request will be sent automatically when your connection is back.',
  filesNotSaved:
    'Attached files and voice notes are not saved on this device: keep this page open and they will be sent with it, or attach them again if you reload.',
  offlineBanner:
    'You are offline. You can still submit: your request will be saved and sent when you are back online.',
  pending: (count: number) =>
    count === 1 ? '1 request is waiting to be sent.' : `${count} requests are waiting to be sent.`,
  notStoredTitle: 'Could Not Save Request',
  notStored:
    'You are offline and this browser could not store your request. Please try again when you are back online.',
  droppedTitle: 'Saved Request Not Sent',
  dropped:
    'We could not send a request saved on this device after several attempts. Please submit the form again.',
  expiredTitle: 'Saved Request Expired',
  expired:
    'A request saved on this device more than 24 hours ago was removed. Please submit the form again.',
} as const;
