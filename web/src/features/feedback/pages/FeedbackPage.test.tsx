// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { submitFeedback } from '@shared/cases/contracts';
import { feedbackMessages } from '@shared/cases/feedback';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import { deferred, json, reply, type ApiMock } from '@web/testing/api-mock';
import { settle } from '@web/testing/clock';
import { toasts } from '@web/testing/dom';
import { CASE_ID, PATIENT_KEY } from '@web/testing/fixtures';
import { setupPatientPageTests } from '@web/testing/patient-api';
import { renderRoutes } from '@web/testing/render';
import FeedbackPage from './FeedbackPage';

let api: ApiMock;
setupPatientPageTests((mock) => (api = mock));

function renderAt(url: string) {
  return renderRoutes(
    [
      { path: '/feedback/:caseId', element: <FeedbackPage /> },
      { path: '/patient', element: <h1>Patient Request</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: [url] },
  );
}

const submitButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Feedback' });
const star = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('FeedbackPage', () => {
  it('sends a malformed case id to /patient', async () => {
    const { router } = renderAt('/feedback/not-a-case');
    await settle();
    expect(router.state.location.pathname).toBe('/patient');
  });

  it('says how to open the visit, with no form, in a browser without the patient key', async () => {
    window.localStorage.clear();
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Open Your Visit Link');
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).toBeNull();
  });

  it('shows the title, five labelled stars at "Select rating", and Submit disabled', async () => {
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'How Was Your Consultation?',
    );
    expect(document.title).toBe('How Was Your Consultation? | TeleHealth');
    const group = screen.getByRole('group', { name: 'Rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 Poor', '2 Fair', '3 Good', '4 Very Good', '5 Excellent']);
    expect(screen.getByTestId('rating-label').textContent).toBe('Select rating');
    expect(screen.getByTestId('rating-label').getAttribute('aria-live')).toBe('polite');
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByLabelText(/Comments/)).toBeTruthy();
  });

  it('a chosen star shows its label and enables Submit', async () => {
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    fireEvent.click(star('4 Very Good'));
    expect(star('4 Very Good').checked).toBe(true);
    expect(screen.getByTestId('rating-label').textContent).toBe('Very Good');
    expect(submitButton().disabled).toBe(false);
  });

  it('sends the rating and comments, toasts, and shows the thank-you view', async () => {
    api.on(submitFeedback, () => reply(submitFeedback, { success: true }));
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    fireEvent.click(star('5 Excellent'));
    fireEvent.change(screen.getByLabelText(/Comments/), {
      target: { value: '  Very helpful doctor.  ' },
    });
    fireEvent.click(submitButton());
    await settle();
    const [call] = api.calls(submitFeedback);
    expect(call!.url.pathname).toBe(`/api/cases/${CASE_ID}/feedback`);
    expect(call!.body).toEqual({ rating: 5, feedback: 'Very helpful doctor.' });
    // Only the patient rates: the call carries the patient's key (docs/adr/0012).
    expect(call!.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);

    expect(toasts().getByText('✅ Thank You!')).toBeTruthy();
    expect(toasts().getByText('Your feedback has been submitted successfully.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
    expect(screen.getByText('Excellent')).toBeTruthy();
    expect(screen.getByText('Feedback Submitted')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Next steps' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start New Consultation' }).getAttribute('href')).toBe(
      '/patient',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('leaves empty comments out of the body', async () => {
    api.on(submitFeedback, () => reply(submitFeedback, { success: true }));
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    fireEvent.click(star('2 Fair'));
    fireEvent.click(submitButton());
    await settle();
    expect(api.jsonBody(submitFeedback)).toEqual({ rating: 2 });
  });

  it('disables Submit while sending, and sends once', async () => {
    const answer = deferred<Response>();
    api.on(submitFeedback, () => answer.promise);
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    fireEvent.click(star('3 Good'));
    fireEvent.click(submitButton());
    await settle();
    const sending = screen.getByRole<HTMLButtonElement>('button', { name: 'Submitting...' });
    expect(sending.disabled).toBe(true);
    fireEvent.submit(sending.closest('form')!);
    expect(api.calls(submitFeedback)).toHaveLength(1);
    answer.resolve(reply(submitFeedback, { success: true }));
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You!');
  });

  it("toasts '❌ Submission Failed' with the server's message and keeps the form", async () => {
    api.on(submitFeedback, () => json({ message: feedbackMessages.alreadySubmitted }, 409));
    renderAt(`/feedback/${CASE_ID}`);
    await settle();
    fireEvent.click(star('1 Poor'));
    fireEvent.click(submitButton());
    await settle();
    expect(toasts().getByText('❌ Submission Failed')).toBeTruthy();
    expect(toasts().getByText(feedbackMessages.alreadySubmitted)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'How Was Your Consultation?',
    );
    expect(star('1 Poor').checked).toBe(true);
    expect(submitButton().disabled).toBe(false);
  });
});
