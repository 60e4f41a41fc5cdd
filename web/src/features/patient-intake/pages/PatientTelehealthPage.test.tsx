// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@shared/uploads/rules';
import { OFFLINE_QUEUE_KEY } from '@web/lib/offline/offline-queue';
import { renderRoutes } from '@web/testing/render';
import { DRAFT_KEY_PREFIX } from '../components/IntakeForm';
import { PATIENT_SESSION_KEY } from '../lib/session-note';
import { createCase } from '@shared/cases/contracts';
import { createCheckoutSession } from '@shared/payments/contracts';
import { createPatient } from '@shared/patients/contracts';
import { PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import { getClientConfig } from '@shared/config/contracts';
import { ANALYSIS_DEBOUNCE_MS } from '@shared/triage';
import { type ApiMock, json, mockApi, offContract, reply, routeOf } from '@web/testing/api-mock';
import { settle, tick } from '@web/testing/clock';
import { describedTexts, fakeFile, fill, pick, toasts } from '@web/testing/dom';
import { patientKeyFor } from '@web/lib/patient-key';
import { CASE_ID, PATIENT_ID, PATIENT_KEY, TEST_CONFIG } from '@web/testing/fixtures';
import { answerUploads, attachmentsRoute, storageRoute, uploadsRoute } from '@web/testing/uploads';
import { NURSE_VISIT_REQUEST } from '../testing/fixtures';
import { sentRoutes, submit } from '../testing/page';
import { resetAfterEachIntakeTest } from '../testing/reset';
import PatientTelehealthPage from './PatientTelehealthPage';

vi.mock('../lib/navigate-away', () => ({ navigateAway: vi.fn() }));

const CASES = routeOf(createCase);
const PATIENTS = routeOf(createPatient);
const CHECKOUT = routeOf(createCheckoutSession);

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

resetAfterEachIntakeTest();

function renderPage() {
  return renderRoutes(
    [
      { path: '/patient-telehealth', element: <PatientTelehealthPage /> },
      { path: '/payment-choice', element: <h1>Choose Payment Method</h1> },
    ],
    { initialEntries: ['/patient-telehealth'] },
  );
}

function fillValidForm() {
  fill('Full Name', 'Ada Lovelace');
  fill('Describe Your Symptoms', 'Sore throat and fever since yesterday');
  fill(/^Email Address/, 'ada@example.com');
}

function caseApi(): ApiMock {
  const api = mockApi({ [CASES]: () => json({ caseId: CASE_ID, patientKey: PATIENT_KEY }, 201) });
  answerUploads(api);
  return api;
}

/** Picks files and lets the picker read them (reading A checks images by their first bytes). */
async function pickFiles(label: string, files: File[]): Promise<void> {
  pick(label, files);
  await settle();
}

describe('/patient-telehealth: the page', () => {
  it('shows the spec texts and the care types', () => {
    mockApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Get Healthcare Help');
    expect(screen.getByRole('heading', { level: 2, name: 'Tell Us How You Feel' })).toBeTruthy();
    for (const text of ['Private & Safe', 'Takes 3 Minutes', 'FREE Testing', 'Video Call']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/FREE during our testing phase/)).toBeTruthy();

    const telemedicine = screen.getByRole<HTMLInputElement>('radio', {
      name: 'Telemedicine Consultation',
    });
    expect(telemedicine.checked).toBe(true);
    expect(screen.queryByLabelText('Home Address')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Home Nurse Visit' }));
    expect(screen.getByLabelText('Home Address')).toBeTruthy();

    expect(screen.getByText('0/2000')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Where do you feel it?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record Voice Note' })).toBeTruthy();
  });
});

describe('/patient-telehealth: validation', () => {
  it('shows the caseIntakeSchema messages inline and focuses the first invalid field', async () => {
    const api = mockApi();
    renderPage();
    submit();
    await settle();

    const name = screen.getByLabelText('Full Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(name)).toContain('Name is required');
    expect(document.activeElement).toBe(name);
    const symptoms = screen.getByLabelText('Describe Your Symptoms');
    expect(symptoms.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(symptoms)).toContain('Please describe your symptoms');
    const phone = screen.getByLabelText(/^Phone Number/);
    expect(describedTexts(phone)).toContain('Either phone or email is required');
    expect(sentRoutes(api)).toEqual([]);

    fill('Full Name', 'Ada');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('checks the email and moves focus to it', async () => {
    mockApi();
    renderPage();
    fillValidForm();
    fill(/^Email Address/, 'ada@');
    submit();
    await settle();
    const email = screen.getByLabelText(/^Email Address/);
    expect(describedTexts(email)).toContain('Please enter a valid email address');
    expect(document.activeElement).toBe(email);
  });

  it('requires the home address for a nurse visit', async () => {
    mockApi();
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Home Nurse Visit' }));
    fillValidForm();
    submit();
    await settle();
    const address = screen.getByLabelText('Home Address');
    expect(describedTexts(address)).toContain('Please enter your home address for the nurse visit');
    expect(document.activeElement).toBe(address);
  });
});

describe('/patient-telehealth: files', () => {
  it('refuses files that are not images under 5MB', async () => {
    mockApi();
    renderPage();
    await pickFiles('Add Images', [fakeFile('scan.png', 'image/png', 6 * MB)]);
    expect(toasts().getByText('Invalid File')).toBeTruthy();
    expect(toasts().getByText('scan.png must be an image under 5MB')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chosen images' })).toBeNull();
  });

  it('allows at most 3 images and 5 documents', async () => {
    mockApi();
    renderPage();
    await pickFiles(
      'Add Images',
      [1, 2, 3].map((n) => fakeFile(`${n}.png`, 'image/png')),
    );
    expect(
      within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await pickFiles('Add Images', [fakeFile('4.png', 'image/png')]);
    expect(toasts().getByText('Maximum 3 images allowed')).toBeTruthy();

    await pickFiles(
      'Add Documents',
      [1, 2, 3, 4, 5, 6].map((n) => fakeFile(`${n}.pdf`, 'application/pdf')),
    );
    expect(toasts().getByText('Maximum 5 documents allowed')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chosen documents' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove 2.png' }));
    expect(
      within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});

describe('/patient-telehealth: submitting a telemedicine request', () => {
  it('creates the case as multipart, uploads the files, then goes to payment after 3 s', async () => {
    const api = caseApi();
    const { router } = renderPage();
    fillValidForm();
    await pickFiles('Add Images', [fakeFile('rash.png', 'image/png', 2048)]);
    await pickFiles('Add Documents', [fakeFile('labs.pdf', 'application/pdf', 4096)]);
    submit();
    await settle();

    // The case: multipart text fields only, with cookies.
    const create = api.calls(CASES);
    expect(create).toHaveLength(1);
    expect(create[0]!.init.credentials).toBe('include');
    const body = create[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.entries()]).toEqual([
      ['name', 'Ada Lovelace'],
      ['triageSummary', 'Sore throat and fever since yesterday'],
      ['email', 'ada@example.com'],
    ]);

    // Each file: presign, then storage (fields first, file last), then confirm.
    expect(sentRoutes(api)[0]).toBe(CASES);
    expect(api.calls(uploadsRoute()).map((call) => call.body)).toEqual([
      { kind: 'image', filename: 'rash.png', contentType: 'image/png', size: 2048 },
      { kind: 'document', filename: 'labs.pdf', contentType: 'application/pdf', size: 4096 },
    ]);
    const storage = api.calls(storageRoute);
    expect(storage).toHaveLength(2);
    for (const call of storage) {
      const form = call.init.body as FormData;
      const keys = [...form.keys()];
      expect(keys.at(-1)).toBe('file');
      expect(keys.slice(0, -1)).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature']);
      expect(call.init.credentials).toBe('omit');
    }
    expect(api.calls(attachmentsRoute()).map((call) => call.body)).toEqual([
      { uploadId: 'upload-1' },
      { uploadId: 'upload-2' },
    ]);
    // The patient's key of the answer is kept, and the case's calls carry it (docs/adr/0012).
    expect(patientKeyFor(CASE_ID)).toBe(PATIENT_KEY);
    for (const call of [...api.calls(uploadsRoute()), ...api.calls(attachmentsRoute())]) {
      expect(call.headers[PATIENT_KEY_HEADER]).toBe(PATIENT_KEY);
    }
    const order = api.calls().map((call) => call.route);
    expect(order.indexOf(uploadsRoute())).toBeLessThan(order.indexOf(storageRoute));
    expect(order.indexOf(storageRoute)).toBeLessThan(order.indexOf(attachmentsRoute()));

    // The success state.
    expect(toasts().getByText('Request Submitted! Redirecting to payment...')).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Request Submitted Successfully' });
    expect(within(panel).getByText('Telemedicine Consultation')).toBeTruthy();
    expect(within(panel).getByText('$2.99')).toBeTruthy();
    expect(within(panel).getAllByText('Uploaded')).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Proceed to Payment' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Return to Form' })).toBeTruthy();
    // All three of the spec's buttons; nothing failed, so there is nothing to try again.
    expect(
      within(panel).getByRole<HTMLButtonElement>('button', { name: 'Try Again' }).disabled,
    ).toBe(true);
    const card = screen.getByRole('region', { name: 'Your Request is Sent!' });
    expect(within(card).getByText('Your ID')).toBeTruthy();
    expect(within(card).getByText(CASE_ID)).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Request Submitted Successfully' }),
    );
    expect(sessionStorage.getItem(`${DRAFT_KEY_PREFIX}case`)).toBeNull();

    // The redirect, 3 seconds later.
    await tick(2999);
    expect(router.state.location.pathname).toBe('/patient-telehealth');
    await tick(1);
    expect(router.state.location.pathname).toBe('/payment-choice');
    expect(router.state.location.search).toBe(`?case_id=${CASE_ID}`);
  });

  it("goes at once with 'Proceed to Payment'", async () => {
    caseApi();
    const { router } = renderPage();
    fillValidForm();
    submit();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await settle();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/payment-choice?case_id=${CASE_ID}`,
    );
  });

  it("shows the server's message when the case is refused", async () => {
    const api = mockApi({ [CASES]: () => json({ message: 'Name is too long' }, 400) });
    renderPage();
    fillValidForm();
    submit();
    await settle();
    expect(toasts().getByText('Submission Failed')).toBeTruthy();
    expect(toasts().getByText('Name is too long')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Request Submitted Successfully' })).toBeNull();

    // A gateway's page, not the route's error envelope.
    api.on(CASES, () => offContract(new Response('Bad Gateway', { status: 502 })));
    submit();
    await settle();
    expect(toasts().getByText('Failed to submit case')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Full Name' }).value).toBe(
      'Ada Lovelace',
    );
  });

  it('disables the form while submitting', async () => {
    mockApi({ [CASES]: () => new Promise<Response>(() => undefined) });
    renderPage();
    fillValidForm();
    submit();
    await settle();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Submitting...' });
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Full Name' }).matches(':disabled')).toBe(true);
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
  });

  it('lets the patient retry a failed upload without sending the form again', async () => {
    const api = caseApi();
    let refuse = true;
    api.on(uploadsRoute(), (_request, call) =>
      refuse
        ? json({ message: 'rash.png must be an image under 5MB' }, 400)
        : json({
            uploadId: `upload-${call + 1}`,
            url: 'https://uploads.example.test/telehealth-uploads',
            fields: { key: 'k' },
            expiresAt: '2030-01-01T00:05:00.000Z',
          }),
    );
    const { router } = renderPage();
    fillValidForm();
    await pickFiles('Add Images', [fakeFile('rash.png', 'image/png')]);
    submit();
    await settle();

    const panel = screen.getByRole('region', { name: 'Request Submitted Successfully' });
    expect(within(panel).getByText('rash.png must be an image under 5MB')).toBeTruthy();
    expect(within(panel).getByText(/Some files could not be uploaded/)).toBeTruthy();
    await tick(5000);
    expect(router.state.location.pathname).toBe('/patient-telehealth');

    refuse = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry rash.png' }));
    await settle();
    expect(within(panel).getByText('Uploaded')).toBeTruthy();
    expect(api.calls(CASES)).toHaveLength(1);
    await tick(3000);
    expect(router.state.location.pathname).toBe('/payment-choice');
  });

  it("shows the form again, as it was, with 'Return to Form'", async () => {
    caseApi();
    const { router } = renderPage();
    fillValidForm();
    submit();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Return to Form' }));
    await tick(5000);
    expect(router.state.location.pathname).toBe('/patient-telehealth');
    expect(screen.queryByRole('region', { name: 'Request Submitted Successfully' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Full Name' }).value).toBe(
      'Ada Lovelace',
    );
  });
});

describe('/patient-telehealth: a home nurse visit', () => {
  it('is sent as a patient request with the address as location', async () => {
    const api = mockApi({
      [PATIENTS]: () =>
        json(
          { success: true, patientId: PATIENT_ID, caseId: CASE_ID, patientKey: PATIENT_KEY },
          201,
        ),
      [CHECKOUT]: () =>
        json({ sessionId: 'cs_1', clientSecret: null, url: 'https://checkout.test/cs_1' }),
    });
    renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Home Nurse Visit' }));
    fill('Home Address', '12 Harbour Road, Accra');
    fillValidForm();
    fill(/^Phone Number/, '0244 000 000');
    submit();
    await settle();

    expect(api.calls(CASES)).toHaveLength(0);
    expect(api.jsonBody(PATIENTS)).toEqual({
      ...NURSE_VISIT_REQUEST,
      medicalFiles: [],
      metadata: {
        urgencyLevel: expect.any(String) as unknown,
        confidence: expect.any(Number) as unknown,
        matchedKeywords: expect.any(Array) as unknown,
        analysisTimestamp: expect.any(String) as unknown,
      },
    });
    expect(toasts().getByText('Request Submitted')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(PATIENT_SESSION_KEY)!)).toMatchObject({
      patientId: PATIENT_ID,
      requestType: 'nurse-visit',
    });
    const panel = screen.getByRole('region', { name: 'Request Submitted Successfully' });
    expect(within(panel).getByText('Home Nurse Visit')).toBeTruthy();
    expect(api.jsonBody(CHECKOUT)).toEqual({ caseId: CASE_ID, mode: 'hosted' });
  });
});

describe('/patient-telehealth: the triage region (TRIAGE_REGION, spec doc 1 §9)', () => {
  const CONFIG = routeOf(getClientConfig);

  async function symptomCheckFor(text: string) {
    renderPage();
    await settle();
    fill('Describe Your Symptoms', text);
    await tick(ANALYSIS_DEBOUNCE_MS);
    return screen.getByRole('region', { name: 'Symptom check' }).dataset.urgency;
  }

  it('analyses in the sub-Saharan region the server configures', async () => {
    mockApi({
      [CONFIG]: () => reply(getClientConfig, { ...TEST_CONFIG, triageRegion: 'sub-saharan' }),
    });
    expect(await symptomCheckFor('I think I have malaria')).toBe('urgent');
  });

  it('analyses in the default region otherwise', async () => {
    mockApi({ [CONFIG]: () => reply(getClientConfig, TEST_CONFIG) });
    expect(await symptomCheckFor('I think I have malaria')).toBe('routine');
  });
});

describe('/patient-telehealth: offline', () => {
  it('queues the text fields while offline and sends them when the network is back', async () => {
    // Offline, the request is still tried (navigator.onLine can be wrong) and fails to connect.
    const api = mockApi({
      [CASES]: () =>
        online
          ? json({ caseId: CASE_ID, patientKey: PATIENT_KEY }, 201)
          : Promise.reject(new TypeError('Failed to fetch')),
    });
    answerUploads(api);
    renderPage();
    fillValidForm();
    await pickFiles('Add Images', [fakeFile('rash.png', 'image/png')]);
    online = false;
    window.dispatchEvent(new Event('offline'));
    await settle();
    expect(screen.getByText(/You are offline. You can still submit/)).toBeTruthy();

    submit();
    await settle();
    expect(api.calls(CASES)).toHaveLength(1);
    const queue = JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY)!) as unknown[];
    expect(queue).toEqual([
      {
        id: expect.any(String) as unknown,
        timestamp: expect.any(Number) as unknown,
        attempts: 0,
        formData: {
          flow: 'case',
          intake: {
            name: 'Ada Lovelace',
            triageSummary: 'Sore throat and fever since yesterday',
            email: 'ada@example.com',
          },
        },
      },
    ]);
    const notice = screen.getByTestId('offline-queued');
    expect(within(notice).getByText('Saved on This Device')).toBeTruthy();
    expect(within(notice).getByText(/Attached files and voice notes are not saved/)).toBeTruthy();

    online = true;
    window.dispatchEvent(new Event('online'));
    await settle(10);
    expect(api.calls(CASES)).toHaveLength(2);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
    // The files this page still holds go with it.
    expect(api.calls(uploadsRoute())).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Request Submitted Successfully' })).toBeTruthy();
  });

  it('queues the form when the request cannot reach the server', async () => {
    mockApi({ [CASES]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage();
    fillValidForm();
    submit();
    await settle();
    expect(JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY)!)).toHaveLength(1);
    expect(toasts().getByText('Saved on This Device')).toBeTruthy();
  });
});

describe('/patient-telehealth: nothing lost on refresh', () => {
  it('keeps the unsent fields in session storage', () => {
    mockApi();
    const first = renderPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Home Nurse Visit' }));
    fillValidForm();
    fill('Home Address', '12 Harbour Road');
    first.unmount();

    renderPage();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Full Name' }).value).toBe(
      'Ada Lovelace',
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Home Nurse Visit' }).checked).toBe(
      true,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Home Address' }).value).toBe(
      '12 Harbour Road',
    );
  });
});
