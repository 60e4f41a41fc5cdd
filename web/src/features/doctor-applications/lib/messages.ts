/**
 * Texts of the application and status pages. Those marked "spec" are quoted from spec doc 2
 * (§2, §4, §5, §8, §9); field and document messages come from `@shared/doctor-applications/submit`.
 * The others are this app's own wording where the spec gives none.
 */

import { applicationIdInputProps } from './application-id-input';

export const APPLY_PAGE_TITLE = 'Doctor Application';
export const STATUS_PAGE_TITLE = 'Application Status';

/** Verification review time (spec §9). */
export const REVIEW_TIME = '1-2 business days'; // spec

export const applyMessages = {
  intro:
    'Join our network of licensed doctors. Tell us about yourself and your credentials, upload your documents, and our verification team will review your application.',
  sections: {
    personal: 'Personal Information',
    credentials: 'Professional Credentials',
    documents: 'Documents',
    submit: 'Review and Submit',
  },
  submit: 'Submit Application',
  submitting: 'Submitting Application...',
  submitNote:
    'By submitting, you confirm that the information and documents you provide are accurate. Your entries are kept in this browser tab until you submit.',
  /** spec §8 */
  failedTitle: 'Submission Failed',
  /** spec §8 */
  failed: 'There was an error submitting your application. Please try again.',
  /** spec §8: a create answer without the success flag. */
  noSuccessFlag: 'Failed to submit application',
} as const;

/** The 'Account Already Exists' dialog (spec §2, §8). */
export const accountExistsMessages = {
  title: 'Account Already Exists', // spec
  body: 'You already have an account registered with this email address. Please check your email for your login credentials or contact support if you need assistance.', // spec
  dashboardLink: 'Go to Provider Dashboard',
  gotIt: 'Got it', // spec
} as const;

export const successMessages = {
  title: 'Application Submitted',
  yourId: 'Your application ID',
  keepId: 'Keep this ID: you need it to check the status of your application.',
  copy: 'Copy ID',
  copied: 'Copied',
  copiedStatus: 'Application ID copied to the clipboard',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Your browser did not allow copying. Please select the ID and copy it yourself.',
  nextTitle: 'What happens next',
  next: [
    `Our verification team reviews your application and documents within ${REVIEW_TIME}.`,
    'Once you are approved, your login credentials are sent to your email address.',
    'You can check the status of your application at any time with your application ID.',
  ],
  checkStatus: 'Check Application Status',
  home: 'Back to Home',
  startOver: 'Start a New Application',
  documentsTitle: 'Document uploads',
} as const;

export const uploadMessages = {
  status: {
    waiting: 'Waiting',
    uploading: 'Uploading',
    done: 'Uploaded',
    error: 'Failed',
    'needs-file': 'Not uploaded',
  },
  retry: 'Retry',
  chooseAgain: 'Choose File Again',
  chooseOther: 'Choose Another File',
  needsFile:
    'This document was not uploaded before the page was reloaded. Please choose the file again.',
  summary: (done: number, total: number) =>
    `${done} of ${total} ${total === 1 ? 'document' : 'documents'} uploaded`,
  allDone: 'All documents uploaded.',
  someFailed:
    'Some documents could not be uploaded. Your application is saved: retry the documents below.',
} as const;

export const statusPageMessages = {
  intro: 'Enter the application ID you received when you applied to see where your review stands.',
  label: 'Application ID',
  placeholder: applicationIdInputProps.placeholder, // spec
  hint: 'You can type it with or without “APP-”, for example APP-K7QF-29XM or K7QF-29XM.',
  search: 'Check Status',
  searching: 'Checking...', // spec (landing box)
  /** spec §8 */
  notFound: 'Application not found. Please check your application ID and try again.',
  failedTitle: 'Something went wrong',
  /** spec §8 (landing box) */
  failed: 'Unable to check application status. Please try again.',
  retry: 'Try Again',
  loading: 'Looking up your application...',
  emptyTitle: 'Find your application',
  empty:
    'Your application ID is on the confirmation screen you saw after applying. It starts with “APP-”.',
  resultTitle: 'Your Application',
  timelineTitle: 'Timeline',
  informationTitle: 'Information',
  /** spec doc 2 §4: a rejected application shows its notes */
  reviewNotesTitle: 'Reviewer Notes',
  dashboard: 'Go to Provider Dashboard',
  newApplication: 'Submit a New Application',
  helpTitle: 'Need help?',
  responseTime: `Our verification team reviews applications within ${REVIEW_TIME}.`,
  support: 'Questions about your application? Write to',
} as const;
