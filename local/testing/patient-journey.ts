import { signStripePayload } from '../stripe/signature';
import type { TestStack } from './global-setup';
import { pollUntil } from './poll';
import { appFetch } from './stack-context';
import type { CaseStatusResponse } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as paymentContracts from '@shared/payments/contracts';

/** Steps of the patient's journey as a browser would take them, for integration tests. */

export const STRIPE_TEST_CARDS = {
  pays: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
} as const;

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
  return appFetch(stack, pathOf(caseContracts.createCase, {}), { method: 'POST', body: form });
}

export async function newCaseId(stack: TestStack): Promise<string> {
  const response = await createCaseA(stack);
  if (response.status !== 201) throw new Error(`case not created: ${response.status}`);
  return ((await response.json()) as { caseId: string }).caseId;
}

export function postJson(stack: TestStack, path: string, body: unknown): Promise<Response> {
  return appFetch(stack, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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

export async function caseStatus(stack: TestStack, caseId: string): Promise<CaseStatusResponse> {
  const response = await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId }));
  return (await response.json()) as CaseStatusResponse;
}

/** A case the patient has paid for with the test card: waiting for a provider. */
export async function newPaidCaseId(stack: TestStack): Promise<string> {
  return payForCase(stack, await newCaseId(stack));
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
