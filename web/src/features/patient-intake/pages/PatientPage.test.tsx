// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@shared/uploads/rules';
import type { CaseUploads } from '@web/lib/uploads/use-case-uploads';
import { renderRoutes, renderWithProviders } from '@web/testing/render';
import { PaymentRedirectPanel } from '../components/PaymentRedirectPanel';
import { navigateAway } from '../lib/navigate-away';
import { PATIENT_SESSION_KEY } from '../lib/session-note';
import { createCheckoutSession } from '@shared/payments/contracts';
import { createPatient } from '@shared/patients/contracts';
import { type ApiMock, json, mockApi, offContract, routeOf } from '@web/testing/api-mock';
import { settle, tick } from '@web/testing/clock';
import { describedTexts, fakeFile, fill, pick, toasts } from '@web/testing/dom';
import { CASE_ID, PATIENT_ID, PATIENT_KEY } from '@web/testing/fixtures';
import { answerUploads, uploadsRoute } from '@web/testing/uploads';
import { sentRoutes, submit } from '../testing/page';
import { resetAfterEachIntakeTest } from '../testing/reset';
import PatientPage from './PatientPage';

vi.mock('../lib/navigate-away', () => ({ navigateAway: vi.fn() }));

const PATIENTS = routeOf(createPatient);
const CHECKOUT = routeOf(createCheckoutSession);
const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(navigateAway).mockReset();
});

resetAfterEachIntakeTest();

function renderPage() {
  return renderRoutes([{ path: '/patient', element: <PatientPage /> }], {
    initialEntries: ['/patient'],
  });
}

function fillValidForm() {
  fireEvent.click(screen.getByRole('radio', { name: 'Telemedicine Consultation' }));
  fill('Full Name', 'Kwame Mensah');
  fill('Email or Phone', '+233 24 000 0000');
  fill('Describe Your Symptoms', 'Chest pain and difficulty breathing since this morning');
  fill(/^Medical History/, 'Asthma');
}

function patientApi(
  checkout: () => Response | Promise<Response> = () =>
    json({ sessionId: 'cs_test_1', clientSecret: null, url: CHECKOUT_URL }),
): ApiMock {
  const api = mockApi({
    [PATIENTS]: () =>
      json({ success: true, patientId: PATIENT_ID, caseId: CASE_ID, patientKey: PATIENT_KEY }, 201),
    [CHECKOUT]: checkout,
  });
  answerUploads(api);
  return api;
}

function panel() {
  return within(screen.getByRole('region', { name: 'Request Submitted Successfully' }));
}

describe('/patient: validation', () => {
  it('shows the schema messages inline and focuses the care type first', async () => {
    const api = mockApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Patient Request');
    submit();
    await settle();

    const telemedicine = screen.getByRole('radio', { name: 'Telemedicine Consultation' });
    expect(document.activeElement).toBe(telemedicine);
    expect(telemedicine.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(telemedicine)).toContain('Please choose a type of care');
    expect(describedTexts(screen.getByLabelText('Full Name'))).toContain('Name is required');
    expect(describedTexts(screen.getByLabelText('Email or Phone'))).toContain(
      'Please enter an email address or phone number',
    );
    expect(describedTexts(screen.getByLabelText('Describe Your Symptoms'))).toContain(
      'Please describe your symptoms',
    );
    expect(sentRoutes(api)).toEqual([]);
  });

  it('requires the home address for a nurse visit', async () => {
    mockApi();
    renderPage();
    fillValidForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Home Nurse Visit' }));
    submit();
    await settle();
    const address = screen.getByLabelText('Home Address');
    expect(document.activeElement).toBe(address);
    expect(describedTexts(address)).toContain('Please enter your home address for the nurse visit');
  });
});

describe('/patient: attachments', () => {
  it('adds allowed files and refuses the others with the spec toasts', () => {
    mockApi();
    renderPage();
    pick('Add Files', [fakeFile('xray.png', 'image/png'), fakeFile('letter.docx', '')]);
    expect(toasts().getByText('Files Added')).toBeTruthy();
    expect(toasts().getByText('2 files added')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    pick('Add Files', [fakeFile('clip.mp4', 'video/mp4')]);
    expect(toasts().getByText('Invalid File Type')).toBeTruthy();
    expect(
      toasts().getByText(
        'clip.mp4 is not a supported file type. Please upload images, PDFs, or documents.',
      ),
    ).toBeTruthy();

    pick('Add Files', [fakeFile('scan.pdf', 'application/pdf', 10 * MB + 1)]);
    expect(toasts().getByText('File Too Large')).toBeTruthy();
    expect(
      toasts().getByText('scan.pdf is larger than 10MB. Please choose a smaller file.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});

describe('/patient: submitting', () => {
  it('posts the request as JSON, uploads the files, saves the session note, then goes to checkout', async () => {
    const api = patientApi();
    let noteAtRedirect: string | null = null;
    vi.mocked(navigateAway).mockImplementation(() => {
      noteAtRedirect = sessionStorage.getItem(PATIENT_SESSION_KEY);
    });
    renderPage();
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Head' }));
    await tick(500); // the symptom analysis
    pick('Add Files', [fakeFile('report.pdf', 'application/pdf', 2048)]);
    submit();
    await settle();

    expect(api.calls(PATIENTS)[0]!.init.headers).toMatchObject({
      'Content-Type': 'application/json',
    });
    const body = api.jsonBody(PATIENTS) as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Kwame Mensah',
      contactInfo: '+233 24 000 0000',
      symptoms: 'Chest pain and difficulty breathing since this morning',
      history: 'Asthma',
      requestType: 'telemedicine',
      location: '',
      medicalFiles: [expect.stringMatching(/^\d+-report\.pdf$/) as unknown],
      metadata: {
        urgencyLevel: 'emergency',
        confidence: expect.any(Number) as unknown,
        matchedKeywords: expect.arrayContaining(['chest pain']) as unknown,
        selectedTriageImages: ['head'],
        analysisTimestamp: expect.stringMatching(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
        ) as unknown,
      },
    });

    expect(toasts().getByText('Request Submitted')).toBeTruthy();
    expect(api.jsonBody(uploadsRoute())).toMatchObject({
      kind: 'attachment',
      filename: 'report.pdf',
    });
    expect(api.jsonBody(CHECKOUT)).toEqual({ caseId: CASE_ID, mode: 'hosted' });
    expect(panel().getByText('$2.99')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Your Request is Sent!' })).getByText(PATIENT_ID),
    ).toBeTruthy();

    await tick(2999);
    expect(navigateAway).not.toHaveBeenCalled();
    await tick(1);
    expect(navigateAway).toHaveBeenCalledWith(CHECKOUT_URL);
    expect(JSON.parse(noteAtRedirect!)).toEqual({
      patientId: PATIENT_ID,
      patientName: 'Kwame Mensah',
      requestType: 'telemedicine',
      timestamp: expect.stringMatching(/Z$/) as unknown,
    });
  });

  it('says the payment session is not ready while it is created', async () => {
    let answer: (response: Response) => void = () => undefined;
    patientApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    fillValidForm();
    submit();
    await settle();

    expect(panel().getByText('Payment session not ready. Please wait...')).toBeTruthy();
    expect(
      panel().getByRole<HTMLButtonElement>('button', { name: 'Proceed to Payment' }).disabled,
    ).toBe(true);
    await tick(5000);
    expect(navigateAway).not.toHaveBeenCalled();

    answer(json({ sessionId: 'cs_test_1', clientSecret: null, url: CHECKOUT_URL }));
    await settle();
    fireEvent.click(panel().getByRole('button', { name: 'Proceed to Payment' }));
    expect(navigateAway).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  it('shows the checkout error and retries with Try Again', async () => {
    const api = patientApi(() =>
      json({ message: 'Stripe is unavailable', error: 'Stripe is unavailable' }, 502),
    );
    renderPage();
    fillValidForm();
    submit();
    await settle();
    expect(
      panel().getByText('Failed to create payment session: Stripe is unavailable'),
    ).toBeTruthy();
    await tick(5000);
    expect(navigateAway).not.toHaveBeenCalled();

    api.on(CHECKOUT, () => json({ sessionId: 'cs_test_2', clientSecret: null, url: CHECKOUT_URL }));
    fireEvent.click(panel().getByRole('button', { name: 'Try Again' }));
    await settle();
    expect(api.calls(CHECKOUT)).toHaveLength(2);
    expect(panel().queryByText(/Failed to create payment session/)).toBeNull();
    await tick(3000);
    expect(navigateAway).toHaveBeenCalledWith(CHECKOUT_URL);
  });

  it.each([
    // An empty 500 is no handler's (they all send the error envelope): a gateway's.
    [
      () => offContract(new Response('', { status: 500 })),
      'Failed to create payment session: Unknown error',
    ],
    [
      () => json({ sessionId: 'cs_1', clientSecret: 'secret', url: null }),
      'No checkout URL received from server',
    ],
  ])('shows the panel error %#', async (checkout, message) => {
    patientApi(checkout);
    renderPage();
    fillValidForm();
    submit();
    await settle();
    expect(panel().getByText(message)).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('tells the patient when the request fails', async () => {
    mockApi({ [PATIENTS]: () => json({ message: 'Internal error' }, 500) });
    renderPage();
    fillValidForm();
    submit();
    await settle();
    expect(toasts().getByText('Submission Failed')).toBeTruthy();
    expect(
      toasts().getByText('There was an error submitting your request. Please try again.'),
    ).toBeTruthy();
    expect(sessionStorage.getItem(PATIENT_SESSION_KEY)).toBeNull();
  });
});

describe('payment redirect panel without a patient id', () => {
  it("says 'Invalid patient ID' and creates no session", async () => {
    const api = mockApi();
    const uploads: CaseUploads = {
      items: [],
      summary: { total: 0, done: 0, failed: 0, active: 0, settled: true },
      start: vi.fn(),
      retry: vi.fn(),
      retryFailed: vi.fn(),
      reset: vi.fn(),
    };
    renderWithProviders(
      <PaymentRedirectPanel
        outcome={{
          flow: 'patient',
          caseId: CASE_ID,
          patientId: '',
          patientName: 'K',
          requestType: 'telemedicine',
        }}
        uploads={uploads}
        onReturnToForm={vi.fn()}
      />,
    );
    await settle();
    expect(
      screen.getByText('Invalid patient ID. Please try submitting the form again.'),
    ).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Proceed to Payment' }).disabled,
    ).toBe(true);
  });
});
