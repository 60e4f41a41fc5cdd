/** Feedback toasts of spec doc 1 §8, word for word. */
export const feedbackToasts = {
  submitted: {
    title: '✅ Thank You!',
    description: 'Your feedback has been submitted successfully.',
  },
  failed: { title: '❌ Submission Failed' },
} as const;

export const FEEDBACK_TITLE = 'How Was Your Consultation?';
