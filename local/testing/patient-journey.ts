import { signStripePayload } from '../stripe/signature';
import type { TestStack } from './global-setup';
import { pollUntil } from './poll';
import { appFetch } from './stack-context';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import type { CaseWaitResponse } from '@shared/cases/queue-wait';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import { PATIENT_KEY_FRAGMENT_PARAM, PATIENT_KEY_HEADER } from '@shared/patients/patient-key';
import type { CreatePatientResponse, PatientRequest } from '@shared/patients/request';
import { CONSULTATION_FEE_CENTS } from '@shared/payments/constants';
import * as paymentContracts from '@shared/payments/contracts';

/** Steps of the patient's journey as a browser would take them, for integration tests. */

export const STRIPE_TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
} as const;

/**
 * What the patient's browser keeps (docs/adr/0012): the key each intake answer returned, by case
 * id and by patient id. Cases created through these helpers carry their key; patient calls send
 * it with {@link patientHeaders}.
 */
const patientKeys = new Map<string, string>();

/** Keeps a key an intake answered, as the browser does (also for a test's own intake call). */
export function rememberPatientKey(answer: {
  caseId: string;
  patientId?: string;
  patientKey: string;
}) {
  patientKeys.set(answer.caseId, answer.patientKey);
  if (answer.patientId) patientKeys.set(answer.patientId, answer.patientKey);
}

/** The patient's key of a case or patient created through these helpers. */
export function patientKeyOf(caseOrPatientId: string): string {
  const key = patientKeys.get(caseOrPatientId);
  if (!key) throw new Error(`no patient key kept for ${caseOrPatientId}`);
  return key;
}

/**
 * A patient page's link with the case's (or patient's) key added to its fragment, as the
 * patient's private link carries it: a join link, `/visit/{caseId}`, `/video-access?patient_id=`.
 */
export function withPatientKey(link: string, caseOrPatientId: string): string {
  const url = new URL(link);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  fragment.set(PATIENT_KEY_FRAGMENT_PARAM, patientKeyOf(caseOrPatientId));
  url.hash = fragment.toString();
  return url.href;
}

/** The patient's private visit link (docs/adr/0012): the visit page with the key in its fragment. */
export function patientVisitLink(stack: TestStack, caseId: string): string {
  return withPatientKey(new URL(`/visit/${caseId}`, stack.appUrl).href, caseId);
}

/** Whether a key was kept for this case or patient. */
export function hasPatientKey(caseOrPatientId: string): boolean {
  return patientKeys.has(caseOrPatientId);
}

/** The header of a patient call: the key of this case (or patient), as the web app sends it. */
export function patientHeaders(caseOrPatientId: string): Record<string, string> {
  return { [PATIENT_KEY_HEADER]: patientKeyOf(caseOrPatientId) };
}

/** A patient's call (GET unless `init` says), with the case's key. */
export function patientFetch(
  stack: TestStack,
  caseOrPatientId: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(PATIENT_KEY_HEADER, patientKeyOf(caseOrPatientId));
  return appFetch(stack, path, { ...init, headers });
}

/** Keeps the key of a 201 intake answer; the response is returned unread. */
async function keepKeyOf(response: Response): Promise<Response> {
  if (response.status === 201) {
    rememberPatientKey(
      (await response.clone().json()) as { caseId: string; patientId?: string; patientKey: string },
    );
  }
  return response;
}

export async function createCaseA(
  stack: TestStack,
  fields: Record<string, string> = {
    name: 'Ada Patient',
    triageSummary: 'Mild headache since this morning',
    email: 'ada@example.org',
  },
  files: { field: string; name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[] = [],
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  }
  return keepKeyOf(
    await appFetch(stack, pathOf(caseContracts.createCase, {}), { method: 'POST', body: form }),
  );
}

/** Reading B's intake (`POST /api/patients`); the answer's key is kept. */
export async function createPatientB(
  stack: TestStack,
  body: Record<string, unknown> | string,
): Promise<Response> {
  return keepKeyOf(await postJson(stack, pathOf(patientContracts.createPatient, {}), body));
}

/** A reading B patient and case: the intake's answer (its key kept). */
export async function newPatientB(
  stack: TestStack,
  body: Partial<PatientRequest> | Record<string, unknown> = {},
): Promise<CreatePatientResponse> {
  const response = await createPatientB(stack, {
    name: 'Kofi Mensah',
    contactInfo: 'kofi@example.org',
    symptoms: 'Sore throat for two days',
    history: '',
    requestType: 'telemedicine',
    location: 'Accra',
    medicalFiles: [],
    ...body,
  });
  if (response.status !== 201) throw new Error(`patient not created: ${response.status}`);
  return (await response.json()) as CreatePatientResponse;
}

/** A reading B patient whose case the test card has paid: the intake's answer (its key kept). */
export async function newPaidPatientB(
  stack: TestStack,
  body: Partial<PatientRequest> | Record<string, unknown> = {},
): Promise<CreatePatientResponse> {
  const created = await newPatientB(stack, body);
  await payForCase(stack, created.caseId);
  return created;
}

export async function newCaseId(stack: TestStack): Promise<string> {
  const response = await createCaseA(stack);
  if (response.status !== 201) throw new Error(`case not created: ${response.status}`);
  return ((await response.json()) as { caseId: string }).caseId;
}

/** A JSON POST; a patient call adds {@link patientHeaders}. */
export function postJson(
  stack: TestStack,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return appFetch(stack, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function createCheckout(
  stack: TestStack,
  caseId: string,
  mode: 'embedded' | 'hosted' = 'hosted',
): Promise<{ sessionId: string; clientSecret: string | null; url: string | null }> {
  const response = await postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), {
    caseId,
    mode,
  });
  if (response.status !== 200) throw new Error(`checkout failed: ${await response.text()}`);
  return (await response.json()) as {
    sessionId: string;
    clientSecret: string | null;
    url: string | null;
  };
}

/** Submits the local Stripe checkout page's form, as the patient's browser does. */
export function payWithCard(
  stack: TestStack,
  sessionId: string,
  cardNumber: string,
): Promise<Response> {
  const form = new URLSearchParams({
    email: 'ada@example.org',
    card_number: cardNumber,
    expiry: '12 / 34',
    cvc: '123',
    name: 'Ada Patient',
  });
  return fetch(`${stack.stripeUrl}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
}

/** A webhook delivery signed with the stack's secret, exactly as Stripe signs one. */
export function deliverWebhook(
  stack: TestStack,
  event: unknown,
  signature?: string,
): Promise<Response> {
  const payload = JSON.stringify(event);
  const secret = stack.handlerEnvironment.STRIPE_WEBHOOK_SECRET!;
  return fetch(new URL(pathOf(paymentContracts.stripeWebhook, {}), stack.appUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? signStripePayload(payload, secret, Math.floor(Date.now() / 1000)),
    },
    body: payload,
  });
}

/** The status as the patient's page reads it: with the case's key when one was kept. */
export async function caseStatus(stack: TestStack, caseId: string): Promise<CaseStatusResponse> {
  const path = pathOf(caseContracts.getCaseStatus, { caseId });
  const response = patientKeys.has(caseId)
    ? await patientFetch(stack, caseId, path)
    : await appFetch(stack, path);
  return (await response.json()) as CaseStatusResponse;
}

/** A case the patient has paid for with the test card: waiting for a provider. */
export async function newPaidCaseId(stack: TestStack): Promise<string> {
  return payForCase(stack, await newCaseId(stack));
}

/** Cases paid one after the other, so their places in the queue follow that order. */
export async function newPaidCaseIds(stack: TestStack, count: number): Promise<string[]> {
  const caseIds: string[] = [];
  for (let index = 0; index < count; index += 1) caseIds.push(await newPaidCaseId(stack));
  return caseIds;
}

/** The case's wait as the patient's page reads it, with the case's key (throws unless 200). */
export async function caseWait(stack: TestStack, caseId: string): Promise<CaseWaitResponse> {
  const response = await patientFetch(stack, caseId, pathOf(caseContracts.getCaseWait, { caseId }));
  if (response.status !== 200) throw new Error(`wait refused: ${response.status}`);
  return (await response.json()) as CaseWaitResponse;
}

/** Pays for a case with the test card and waits until the webhook marked it paid. */
export async function payForCase(stack: TestStack, caseId: string): Promise<string> {
  const { sessionId } = await createCheckout(stack, caseId);
  const payment = await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
  if (payment.status >= 400) throw new Error(`payment failed: ${payment.status}`);
  return pollUntil(`case ${caseId} marked paid`, async () =>
    (await caseStatus(stack, caseId)).status === 'paid' ? caseId : undefined,
  );
}

/**
 * A case paid as before manual capture (docs/adr/0024): a Checkout Session that captures at
 * once, made outside the app and paid with the test card; its webhook marks the case paid with
 * a captured payment, which the expiry refunds instead of voiding.
 */
export async function newCaseChargedAtCheckout(stack: TestStack): Promise<string> {
  const caseId = await newCaseId(stack);
  const response = await fetch(new URL('/v1/checkout/sessions', stack.stripeUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stack.handlerEnvironment.STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(CONSULTATION_FEE_CENTS),
      'line_items[0][price_data][product_data][name]': '15-minute video consultation',
      client_reference_id: caseId,
      ui_mode: 'hosted_page',
      success_url: `${stack.appUrl}/payment-success?case_id=${caseId}`,
    }),
  });
  if (response.status !== 200) throw new Error(`session not created: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const payment = await payWithCard(stack, id, STRIPE_TEST_CARDS.pays);
  if (payment.status >= 400) throw new Error(`payment failed: ${payment.status}`);
  return pollUntil(`case ${caseId} marked paid`, async () =>
    (await caseStatus(stack, caseId)).status === 'paid' ? caseId : undefined,
  );
}
