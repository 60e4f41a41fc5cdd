// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applicationDocumentMessages,
  applicationMessages,
  specializations,
  usStateCodes,
} from '@shared/doctor-applications/submit';
import { renderRoutes, resetDom } from '@web/testing/render';
import { APPLICATION_DRAFT_KEY } from '../lib/application-form';
import { SUBMISSION_KEY } from '../hooks/use-application-submission';
import {
  confirmApplicationDocument,
  createDoctorApplication,
  uploadApplicationDocument,
} from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { checkProviderEmail } from '@shared/providers/contracts';
import { urlOf } from '@web/lib/api';
import {
  deferred,
  json,
  noContent,
  offContract,
  routeOf,
  type MockRequest,
} from '@web/testing/api-mock';
import {
  describedTexts,
  fakeFile,
  fill,
  installDialogPolyfill,
  pick,
  toasts,
} from '@web/testing/dom';
import { mockApplicationApi, type ApplicationApiMock } from '../testing/api';
import ApplyPage from './ApplyPage';

const CHECK = (email: string) => `GET ${urlOf(checkProviderEmail, { query: { email } })}`;
const CREATE = routeOf(createDoctorApplication);
const UPLOAD = (id: string) => `POST ${pathOf(uploadApplicationDocument, { applicationId: id })}`;
const CONFIRM = (id: string) => `POST ${pathOf(confirmApplicationDocument, { applicationId: id })}`;
const STORAGE_URL = 'https://uploads.example/bucket';
const STORAGE = `POST ${STORAGE_URL}`;
const APPLICATION_ID = 'K7QF-29XM';
const EMAIL = 'amara.okafor@example.com';
const YEAR = new Date().getFullYear();

beforeAll(() => {
  installDialogPolyfill();
});

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(() => {
  resetDom();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/provider/apply', element: <ApplyPage /> },
      { path: '/provider/status', element: <h1>Status page</h1> },
      { path: '/provider-dashboard', element: <h1>Dashboard page</h1> },
    ],
    { initialEntries: ['/provider/apply'] },
  );
}

function fillFields() {
  fill('Full Name', 'Dr. Amara Okafor');
  fill('Email Address', `  ${EMAIL.toUpperCase()} `);
  fill('Phone Number', '+1 415 555 0100');
  fill('Medical License Number', 'CA-A123456');
  fireEvent.change(screen.getByLabelText('License State'), { target: { value: 'CA' } });
  fireEvent.change(screen.getByLabelText('Specialization'), { target: { value: 'Cardiology' } });
  fill('Years of Experience', '12');
  fill('Hospital Affiliation', 'St. Mary Medical Center');
  fill('Medical School', 'UCSF School of Medicine');
  fill('Graduation Year', '2010');
}

const license = () => fakeFile('license.pdf', 'application/pdf', 200_000);
const passport = () => fakeFile('passport.jpg', 'image/jpeg', 300_000);
const cv = () => fakeFile('cv.png', 'image/png', 100_000);

function pickRequiredDocuments() {
  pick('Upload Medical License', [license()]);
  pick('Upload Government-issued ID', [passport()]);
}

function submitButton() {
  return screen.getByRole('button', { name: 'Submit Application' });
}

function submit() {
  fireEvent.click(submitButton());
}

/** The document type a request is about: named by the upload request, or by its upload id. */
function typeOf({ body }: MockRequest): string {
  const sent = body as { type?: string; uploadId?: string };
  return sent.type ?? sent.uploadId!.replace(/^up-/, '');
}

/** Step one's answer: a presigned POST whose upload id names the document type. */
function grant(request: MockRequest): Response {
  const type = typeOf(request);
  return json(
    {
      uploadId: `up-${type}`,
      url: STORAGE_URL,
      fields: { key: `pending/applications/${APPLICATION_ID}/${type}`, 'Content-Type': 'x' },
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
    201,
  );
}

/** Step three's answer: the verified document. */
function confirmed(request: MockRequest): Response {
  const type = typeOf(request);
  return json(
    {
      id: `att-${type}`,
      filename: `1-${type}`,
      originalName: type,
      type,
      size: 1,
      url: null,
      createdAt: '2026-11-26T10:00:00.000Z',
    },
    201,
  );
}

function successApi(): ApplicationApiMock {
  return mockApplicationApi({
    [CHECK(EMAIL)]: () => json({ exists: false }),
    [CREATE]: () =>
      json(
        {
          success: true,
          applicationId: APPLICATION_ID,
          message: 'Application submitted successfully',
        },
        201,
      ),
    [UPLOAD(APPLICATION_ID)]: grant,
    [STORAGE]: noContent,
    [CONFIRM(APPLICATION_ID)]: confirmed,
  });
}

describe('/provider/apply: form', () => {
  it('shows one h1, the four sections and the spec defaults', () => {
    mockApplicationApi();
    renderPage();

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Doctor Application',
    ]);
    expect(document.title).toBe('Doctor Application | TeleHealth');
    for (const section of [
      'Personal Information',
      'Professional Credentials',
      'Documents',
      'Review and Submit',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    }
    const specialization = screen.getByLabelText<HTMLSelectElement>('Specialization');
    expect(specialization.value).toBe('Family Medicine');
    expect(Array.from(specialization.options).map((option) => option.value)).toEqual([
      ...specializations,
    ]);
    const state = screen.getByLabelText<HTMLSelectElement>('License State');
    expect(state.value).toBe('');
    expect(Array.from(state.options).filter((option) => option.value).length).toBe(50);
    expect(
      Array.from(state.options)
        .slice(1)
        .map((option) => option.value),
    ).toEqual([...usStateCodes]);
    expect(screen.getByLabelText<HTMLInputElement>('Years of Experience').value).toBe('0');
    expect(screen.getByLabelText<HTMLInputElement>('Graduation Year').value).toBe(String(YEAR - 4));
  });

  it('shows the spec messages inline, marks the fields and focuses the first one', () => {
    const api = mockApplicationApi();
    renderPage();
    pickRequiredDocuments();
    submit();

    const expected: [string, string][] = [
      ['Full Name', applicationMessages.fullName],
      ['Email Address', applicationMessages.email],
      ['Phone Number', applicationMessages.phoneNumber],
      ['Medical License Number', applicationMessages.medicalLicenseNumber],
      ['License State', applicationMessages.licenseState],
      ['Hospital Affiliation', applicationMessages.hospitalAffiliation],
      ['Medical School', applicationMessages.medicalSchool],
    ];
    for (const [label, message] of expected) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid'), label).toBe('true');
      expect(describedTexts(control), label).toContain(message);
    }
    expect(screen.getByLabelText('Specialization').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Full Name'));
    expect(api.apiCalls()).toHaveLength(0);

    // Editing a field clears its message.
    fill('Full Name', 'Dr. Amara Okafor');
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(applicationMessages.fullName)).toBeNull();
  });

  it('checks the lengths of spec §5 (phone 10, license 5, names 2)', () => {
    mockApplicationApi();
    renderPage();
    fillFields();
    fill('Full Name', 'A');
    fill('Phone Number', '555-0100');
    fill('Medical License Number', 'A123');
    fill('Email Address', 'not-an-email');
    pickRequiredDocuments();
    submit();

    expect(screen.getByText(applicationMessages.fullName)).toBeTruthy();
    expect(screen.getByText(applicationMessages.phoneNumber)).toBeTruthy();
    expect(screen.getByText(applicationMessages.medicalLicenseNumber)).toBeTruthy();
    expect(screen.getByText(applicationMessages.email)).toBeTruthy();
  });

  it('reads non-numeric years as 0 and the current year; refuses out-of-range years', async () => {
    const api = successApi();
    renderPage();
    fillFields();
    fill('Years of Experience', '51');
    fill('Graduation Year', '1969');
    pickRequiredDocuments();
    submit();

    expect(screen.getByText('Years of experience must be between 0 and 50')).toBeTruthy();
    expect(screen.getByText('Graduation year must be between 1970 and this year')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Years of Experience'));
    expect(api.apiCalls()).toHaveLength(0);

    // A number field holds '' for anything that is not a number; leaving it shows what is sent.
    const years = screen.getByLabelText('Years of Experience');
    fireEvent.change(years, { target: { value: '' } });
    fireEvent.blur(years);
    expect((years as HTMLInputElement).value).toBe('0');
    fireEvent.change(screen.getByLabelText('Graduation Year'), { target: { value: '' } });
    submit();

    await screen.findByTestId('application-id');
    expect(api.jsonBody(CREATE)).toMatchObject({ yearsExperience: 0, graduationYear: YEAR });
  });

  it('sends the trimmed, typed application with board certifications', async () => {
    const api = successApi();
    renderPage();
    fillFields();
    const certifications = screen.getByLabelText(/^Board Certifications/);
    fireEvent.change(certifications, { target: { value: 'ABIM Cardiovascular Disease' } });
    fireEvent.keyDown(certifications, { key: 'Enter' });
    fireEvent.change(certifications, { target: { value: 'ABIM Internal Medicine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.change(certifications, { target: { value: 'Temporary' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Temporary' }));
    expect(
      within(screen.getByRole('list', { name: 'Your board certifications' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ABIM Cardiovascular Disease', 'ABIM Internal Medicine']);
    pickRequiredDocuments();
    submit();

    await screen.findByTestId('application-id');
    expect(api.calls(CHECK(EMAIL))).toHaveLength(1);
    expect(api.jsonBody(CREATE)).toEqual({
      fullName: 'Dr. Amara Okafor',
      email: EMAIL,
      phoneNumber: '+1 415 555 0100',
      medicalLicenseNumber: 'CA-A123456',
      licenseState: 'CA',
      specialization: 'Cardiology',
      yearsExperience: 12,
      hospitalAffiliation: 'St. Mary Medical Center',
      medicalSchool: 'UCSF School of Medicine',
      graduationYear: 2010,
      boardCertifications: ['ABIM Cardiovascular Disease', 'ABIM Internal Medicine'],
    });
    const [create] = api.calls(CREATE);
    expect(create?.init.credentials).toBe('include');
    expect((create?.init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/json',
    );
  });
});

describe('/provider/apply: documents', () => {
  it('refuses other types and files over 5MB with the spec toasts', async () => {
    mockApplicationApi();
    renderPage();

    pick('Upload Medical License', [fakeFile('license.docx', 'application/msword')]);
    expect(await toasts().findByText(applicationDocumentMessages.invalidTypeTitle)).toBeTruthy();
    expect(toasts().getByText(applicationDocumentMessages.invalidType)).toBeTruthy();

    pick('Upload Medical License', [
      fakeFile('license.pdf', 'application/pdf', 5 * 1024 * 1024 + 1),
    ]);
    expect(await toasts().findByText(applicationDocumentMessages.tooLargeTitle)).toBeTruthy();
    expect(toasts().getByText(applicationDocumentMessages.tooLarge)).toBeTruthy();
    expect(screen.queryByText('license.pdf')).toBeNull();

    // Exactly 5MB, and a JPG the browser did not label, are fine.
    pick('Upload Medical License', [fakeFile('license.pdf', 'application/pdf', 5 * 1024 * 1024)]);
    pick('Upload CV / Resume', [fakeFile('cv.JPG', '')]);
    expect(screen.getByText('license.pdf')).toBeTruthy();
    expect(screen.getByText('cv.JPG')).toBeTruthy();
    expect(screen.getByLabelText('Replace Medical License')).toBeTruthy();
  });

  it('requires the medical license, then the government ID', async () => {
    const api = mockApplicationApi();
    renderPage();
    fillFields();

    submit();
    expect(
      await toasts().findByText(applicationDocumentMessages.licenseRequiredTitle),
    ).toBeTruthy();
    expect(toasts().getByText(applicationDocumentMessages.licenseRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Upload Medical License'));
    expect(describedTexts(screen.getByLabelText('Upload Medical License'))).toContain(
      applicationDocumentMessages.licenseRequired,
    );

    pick('Upload Medical License', [license()]);
    submit();
    expect(await toasts().findByText(applicationDocumentMessages.idRequiredTitle)).toBeTruthy();
    expect(toasts().getByText(applicationDocumentMessages.idRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Upload Government-issued ID'));
    expect(api.apiCalls()).toHaveLength(0);
  });

  it('lets a chosen document be removed', () => {
    mockApplicationApi();
    renderPage();
    pick('Upload Hospital Credentials', [license()]);
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove Hospital Credentials: license.pdf' }),
    );
    expect(screen.queryByText('license.pdf')).toBeNull();
    expect(screen.getByLabelText('Upload Hospital Credentials')).toBeTruthy();
  });
});

describe('/provider/apply: already registered', () => {
  it('opens the Account Already Exists dialog when check-email says it exists', async () => {
    const api = mockApplicationApi({ [CHECK(EMAIL)]: () => json({ exists: true }) });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submitButton().focus();
    submit();

    const dialog = await screen.findByRole('dialog', { name: 'Account Already Exists' });
    // The name comes from the dialog's own heading, not from a stray label.
    const labelledBy = dialog.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(labelledBy)?.textContent).toBe('Account Already Exists');
    expect(
      within(dialog).getByText(
        'You already have an account registered with this email address. Please check your email for your login credentials or contact support if you need assistance.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Go to Provider Dashboard' }).getAttribute('href'),
    ).toBe('/provider-dashboard');
    expect(api.calls(CREATE)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(submitButton());
    // Nothing was lost.
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Dr. Amara Okafor');
  });

  it('closes the dialog on Escape (the native cancel event)', async () => {
    mockApplicationApi({ [CHECK(EMAIL)]: () => json({ exists: true }) });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    const dialog = await screen.findByRole('dialog', { name: 'Account Already Exists' });
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the same dialog when the create call answers 409 Email already registered', async () => {
    const api = mockApplicationApi({
      [CHECK(EMAIL)]: () => json({ exists: false }),
      [CREATE]: () => json({ success: false, message: 'Email already registered' }, 409),
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await screen.findByRole('dialog', { name: 'Account Already Exists' })).toBeTruthy();
    expect(api.calls(UPLOAD(APPLICATION_ID))).toHaveLength(0);
  });

  it('still creates the application when the email check cannot answer', async () => {
    const api = successApi();
    api.on(CHECK(EMAIL), () => json({ message: 'Too many requests' }, 429));
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();
    expect(await screen.findByTestId('application-id')).toBeTruthy();
  });
});

describe('/provider/apply: failures', () => {
  it.each([
    ['a server error', () => json({ success: false, message: 'Internal error' }, 500)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows Submission Failed for %s', async (_case, answer) => {
    mockApplicationApi({ [CHECK(EMAIL)]: () => json({ exists: false }), [CREATE]: answer });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await toasts().findByText('Submission Failed')).toBeTruthy();
    expect(
      toasts().getByText('There was an error submitting your application. Please try again.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('application-id')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
  });

  it("says 'Failed to submit application' for an answer without the success flag", async () => {
    mockApplicationApi({
      [CHECK(EMAIL)]: () => json({ exists: false }),
      // A broken server's answer: the contract's has the success flag.
      [CREATE]: () => offContract(json({ applicationId: APPLICATION_ID }, 201)),
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await toasts().findByText('Failed to submit application')).toBeTruthy();
    expect(toasts().getByText('Submission Failed')).toBeTruthy();
  });

  it('marks the license field on 409 License number already registered', async () => {
    mockApplicationApi({
      [CHECK(EMAIL)]: () => json({ exists: false }),
      [CREATE]: () => json({ success: false, message: 'License number already registered' }, 409),
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await toasts().findByText('Submission Failed')).toBeTruthy();
    const licenseField = screen.getByLabelText('Medical License Number');
    expect(describedTexts(licenseField)).toContain('License number already registered');
    await waitFor(() => expect(document.activeElement).toBe(licenseField));
  });

  it('shows the issues of a 400 answer on their fields', async () => {
    mockApplicationApi({
      [CHECK(EMAIL)]: () => json({ exists: false }),
      [CREATE]: () =>
        json(
          {
            success: false,
            message: 'Invalid request',
            issues: [
              { path: 'hospitalAffiliation', message: 'Please enter your hospital affiliation' },
            ],
          },
          400,
        ),
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await toasts().findByText('Submission Failed')).toBeTruthy();
    expect(describedTexts(screen.getByLabelText('Hospital Affiliation'))).toContain(
      'Please enter your hospital affiliation',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Hospital Affiliation')),
    );
  });
});

describe('/provider/apply: creation and uploads', () => {
  it('creates, then uploads every document in parallel: presign, send to storage, confirm', async () => {
    const api = successApi();
    const answers = {
      medical_license: deferred<Response>(),
      identification: deferred<Response>(),
      cv: deferred<Response>(),
    };
    api.on(CONFIRM(APPLICATION_ID), (request) => {
      const type = typeOf(request) as keyof typeof answers;
      return answers[type].promise.then(() => confirmed(request));
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    pick('Upload CV / Resume', [cv()]);
    submit();

    const id = await screen.findByTestId('application-id');
    expect(id.textContent).toBe(`APP-${APPLICATION_ID}`);
    // All three were confirmed before any confirmation answered.
    await waitFor(() => expect(api.calls(CONFIRM(APPLICATION_ID))).toHaveLength(3));
    const routes = api.calls().map((call) => call.route);
    expect(routes.indexOf(CREATE)).toBeLessThan(routes.indexOf(UPLOAD(APPLICATION_ID)));
    expect(api.calls(UPLOAD(APPLICATION_ID)).map(({ body }) => body)).toEqual([
      {
        type: 'medical_license',
        filename: 'license.pdf',
        contentType: 'application/pdf',
        size: 200_000,
      },
      {
        type: 'identification',
        filename: 'passport.jpg',
        contentType: 'image/jpeg',
        size: 300_000,
      },
      { type: 'cv', filename: 'cv.png', contentType: 'image/png', size: 100_000 },
    ]);
    // The bytes go to storage with the presigned fields first and no cookies, never to the API.
    const stored = api.calls(STORAGE).map(({ init }) => {
      const body = init.body as FormData;
      expect(init.credentials).toBe('omit');
      return { keys: [...body.keys()], name: (body.get('file') as File).name };
    });
    expect(stored).toEqual([
      { keys: ['key', 'Content-Type', 'file'], name: 'license.pdf' },
      { keys: ['key', 'Content-Type', 'file'], name: 'passport.jpg' },
      { keys: ['key', 'Content-Type', 'file'], name: 'cv.png' },
    ]);
    expect(api.calls(CONFIRM(APPLICATION_ID)).map(({ body }) => body)).toEqual([
      { uploadId: 'up-medical_license' },
      { uploadId: 'up-identification' },
      { uploadId: 'up-cv' },
    ]);

    const uploads = screen.getByRole('list', { name: 'Document uploads' });
    expect(
      within(uploads)
        .getAllByRole('listitem')
        .map((item) => item.dataset.status),
    ).toEqual(['uploading', 'uploading', 'uploading']);
    expect(within(uploads).getAllByRole('progressbar')).toHaveLength(3);

    act(() => answers.identification.resolve(new Response()));
    await waitFor(() =>
      expect(within(uploads).getAllByRole('listitem')[1]?.dataset.status).toBe('done'),
    );
    expect(screen.getByText('1 of 3 documents uploaded')).toBeTruthy();
    act(() => {
      answers.medical_license.resolve(new Response());
      answers.cv.resolve(new Response());
    });
    expect(
      await screen.findByText(/3 of 3 documents uploaded All documents uploaded\./),
    ).toBeTruthy();
  });

  it('shows the success screen: the id with a copy button, next steps and links', async () => {
    successApi();
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    const title = await screen.findByRole('heading', { level: 2, name: 'Application Submitted' });
    expect(document.activeElement).toBe(title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('application-id').textContent).toBe('APP-K7QF-29XM');
    expect(screen.getByText(/within 1-2 business days/)).toBeTruthy();
    expect(screen.getByText(/login credentials are sent to your email address/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Check Application Status' }).getAttribute('href'),
    ).toBe('/provider/status?id=APP-K7QF-29XM');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('APP-K7QF-29XM');
  });

  it("shows the server's message or 'Failed to upload {type}', and retries one document", async () => {
    const api = successApi();
    api.on(UPLOAD(APPLICATION_ID), (request, call) => {
      const type = typeOf(request);
      if (type === 'medical_license' && call < 2) {
        return json({ message: 'The file does not look like a PDF.' }, 400);
      }
      if (type === 'identification' && call < 2)
        return offContract(new Response('Bad gateway', { status: 502 }));
      return grant(request);
    });
    renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();

    expect(await screen.findByText('The file does not look like a PDF.')).toBeTruthy();
    expect(await screen.findByText('Failed to upload identification')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining([
        'The file does not look like a PDF.',
        'Failed to upload identification',
      ]),
    );
    expect(
      screen.getByText(/Some documents could not be uploaded/, { selector: '[role="status"]' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry Medical License' }));
    await waitFor(() =>
      expect(screen.queryByText('The file does not look like a PDF.')).toBeNull(),
    );
    await screen.findByText(/1 of 2 documents uploaded/);
    expect(api.calls(CREATE)).toHaveLength(1);
    expect(api.calls(UPLOAD(APPLICATION_ID))).toHaveLength(3);

    // Another file in place of the failed one.
    pick('Choose Another File: Government-issued ID', [fakeFile('id-card.png', 'image/png')]);
    expect(await screen.findByText(/2 of 2 documents uploaded/)).toBeTruthy();
    expect(api.calls(UPLOAD(APPLICATION_ID)).at(-1)!.body).toMatchObject({
      type: 'identification',
      filename: 'id-card.png',
    });
    const last = api.calls(STORAGE).at(-1)!.init.body as FormData;
    expect((last.get('file') as File).name).toBe('id-card.png');
    expect(api.calls(CONFIRM(APPLICATION_ID)).at(-1)!.body).toEqual({
      uploadId: 'up-identification',
    });
  });
});

describe('/provider/apply: reloads', () => {
  it('keeps the typed fields (not the files) across a reload', () => {
    mockApplicationApi();
    const first = renderPage();
    fillFields();
    pickRequiredDocuments();
    first.unmount();

    const saved = JSON.parse(sessionStorage.getItem(APPLICATION_DRAFT_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(saved.fullName).toBe('Dr. Amara Okafor');
    renderPage();
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Dr. Amara Okafor');
    expect(screen.getByLabelText<HTMLSelectElement>('License State').value).toBe('CA');
    expect(screen.getByLabelText<HTMLInputElement>('Graduation Year').value).toBe('2010');
    expect(screen.queryByText('license.pdf')).toBeNull();
  });

  it('forgets the draft once created, and keeps the success screen across a reload', async () => {
    const api = successApi();
    api.on(UPLOAD(APPLICATION_ID), (request) =>
      typeOf(request) === 'identification'
        ? new Promise<Response>(() => undefined)
        : grant(request),
    );
    const first = renderPage();
    fillFields();
    pickRequiredDocuments();
    submit();
    await screen.findByText(/1 of 2 documents uploaded/);
    expect(sessionStorage.getItem(APPLICATION_DRAFT_KEY)).toBeNull();
    first.unmount();
    expect(JSON.parse(sessionStorage.getItem(SUBMISSION_KEY) ?? 'null')).toEqual({
      applicationId: APPLICATION_ID,
      documents: [
        { type: 'medical_license', name: 'license.pdf', done: true },
        { type: 'identification', name: 'passport.jpg', done: false },
      ],
    });

    renderPage();
    expect(screen.getByTestId('application-id').textContent).toBe('APP-K7QF-29XM');
    expect(screen.getByText(/was not uploaded before the page was reloaded/)).toBeTruthy();
    api.on(UPLOAD(APPLICATION_ID), grant);
    pick('Choose File Again: Government-issued ID', [passport()]);
    expect(await screen.findByText(/2 of 2 documents uploaded/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start a New Application' }));
    expect(sessionStorage.getItem(SUBMISSION_KEY)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('');
  });
});
