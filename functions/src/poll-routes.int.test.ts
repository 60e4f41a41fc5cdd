import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseListResponse } from '@shared/cases/provider-case';
import { claimCase, startTimer } from '#local/testing/consultation-journey';
import { loadHandler } from '#local/gateway/lambda-runtime';
import { guardFor } from '#local/gateway/permission-check';
import {
  newPaidCaseId,
  newPatientB,
  patientHeaders,
  payForCase,
} from '#local/testing/patient-journey';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { permissionsOf } from './handler-permissions';
import { permissionGuards, type AwsCall } from './core/permission-guard';
import { httpRoutes, type HttpRoute } from './routes';
import { call, httpEvent, type EventOverrides } from './testing/events';

/**
 * Issue 12 item 2: every route a patient page polls answers from one DynamoDB request. Each
 * handler runs here as the gateway runs it, against DynamoDB Local, and every AWS call it makes
 * passes the hook the local IAM check uses (core/permission-guard.ts), which counts them.
 */
const stack = useTestStack();
let patientId: string;
let caseId: string;
let provider: SignedInProvider;

beforeAll(async () => {
  ({ patientId, caseId } = await newPatientB(stack, {
    name: 'Kofi Mensah',
    contactInfo: 'kofi@example.org',
    symptoms: 'Fever with chills for two days',
    history: '',
    requestType: 'telemedicine',
    location: '',
    medicalFiles: [],
  }));
  // Paid, claimed and in a call: the case partition holds the case, its payment, its meeting
  // and the patient's copy, everything these answers show.
  await payForCase(stack, caseId);
  provider = await signInProvider(stack);
  await claimCase(stack, provider, caseId);
  await startTimer(stack, provider, caseId);
});

/**
 * The once-a-minute `lastSeenAt` write of a provider or admin session (lib/auth/sessions.ts):
 * every signed-in route has it, whether it runs depends on the clock, so it is not counted here.
 */
function isSessionTouch(awsCall: AwsCall): boolean {
  const key = (awsCall.input as { Key?: { pk?: unknown } }).Key;
  return (
    awsCall.command === 'UpdateItemCommand' &&
    typeof key?.pk === 'string' &&
    key.pk.startsWith('SESSION#')
  );
}

/** Runs the route's handler once; answers its answer and the DynamoDB calls it made. */
async function dynamoDbCallsOf(route: HttpRoute, overrides: EventOverrides) {
  const handler = await loadHandler(route.handler);
  const checkPermission = guardFor(route.handler, permissionsOf(route.handler));
  const calls: string[] = [];
  const answer = await permissionGuards.run(
    (awsCall) => {
      checkPermission(awsCall);
      if (awsCall.dependency === 'DynamoDB' && !isSessionTouch(awsCall))
        calls.push(awsCall.command);
    },
    () => call(handler, httpEvent(route, overrides)),
  );
  return { answer, calls };
}

describe('the routes the patient pages poll make one DynamoDB request each', () => {
  it.each([
    ['case status (processing 2 s, visit 5 s)', httpRoutes.getCaseStatus, () => ({ caseId })],
    ['payment verification (1 s)', httpRoutes.getPaymentVerification, () => ({ patientId })],
    ['video access (30 s)', httpRoutes.getVideoAccess, () => ({ patientId })],
  ] as const)('%s', async (_name, route, params) => {
    const { answer, calls } = await dynamoDbCallsOf(route, { pathParameters: params() });
    expect(answer.status).toBe(200);
    expect(calls).toEqual(['QueryCommand']);
  });

  it('payment verification answers everything from that one read', async () => {
    // As the patient's page asks: with the key, which the answer's name needs.
    const { answer } = await dynamoDbCallsOf(httpRoutes.getPaymentVerification, {
      pathParameters: { patientId },
      headers: patientHeaders(patientId),
    });
    expect(answer.body).toEqual({
      paymentVerified: true,
      meetingCreated: true,
      providerAssigned: true,
      patientName: 'Kofi Mensah',
      requestType: 'telemedicine',
      caseId,
      money: { state: 'authorized' },
    });
  });

  it('video access answers the meeting and payment from that one read', async () => {
    const { answer } = await dynamoDbCallsOf(httpRoutes.getVideoAccess, {
      pathParameters: { patientId },
    });
    expect(answer.body).toMatchObject({
      isPaid: true,
      accessGranted: true,
      paymentStatus: 'verified',
      meetingInfo: { status: 'active' },
    });
    expect(answer.body.paymentId).toEqual(expect.any(String));
  });
});

/**
 * `GET /api/cases` (docs/access-patterns.md pattern 29), refreshed every 30 s by each signed-in
 * provider: the session, then the account with the counter items (one BatchGetItem), then the
 * provider's active cases and the lapsed claims' COUNT (never the queue: issue 29); the
 * Available, Completed and All pages are a Query of their own.
 * The session's once-a-minute touch is left out (`isSessionTouch`).
 */
describe('the provider case list reads the fewest DynamoDB requests that keep its figures right', () => {
  const SESSION_AND_ACCOUNT = ['GetItemCommand', 'BatchGetItemCommand'];
  const queries = (count: number): string[] => Array.from({ length: count }, () => 'QueryCommand');

  beforeAll(async () => {
    await Promise.all([newPaidCaseId(stack), newPaidCaseId(stack)]);
  });

  /** The list's DynamoDB calls and its answer. */
  async function listCalls(query: Record<string, string>) {
    const { answer, calls } = await dynamoDbCallsOf(httpRoutes.listCases, {
      query,
      cookies: [provider.cookie],
    });
    expect(answer.status).toBe(200);
    return { body: answer.body as CaseListResponse, calls };
  }

  it('My Active: 4 (its page, My Active and the ended calls from one Query)', async () => {
    const { body, calls } = await listCalls({ view: 'mine' });
    expect(body.cases.map((listed) => listed.id)).toContain(caseId);
    expect(calls).toEqual([...SESSION_AND_ACCOUNT, ...queries(2)]);
  });

  it('Available: 5 on every page, however long the queue (the page is its own Query)', async () => {
    // Two cases wait (paid in beforeAll of this describe), so a page of one has a next page.
    const first = await listCalls({ view: 'available', limit: '1' });
    expect(first.body.nextCursor).not.toBeNull();
    expect(first.calls).toEqual([...SESSION_AND_ACCOUNT, ...queries(3)]);
    const next = await listCalls({
      view: 'available',
      limit: '1',
      cursor: first.body.nextCursor!,
    });
    expect(next.calls).toEqual([...SESSION_AND_ACCOUNT, ...queries(3)]);
    const whole = await listCalls({ view: 'available', limit: '100' });
    expect(whole.calls).toEqual([...SESSION_AND_ACCOUNT, ...queries(3)]);
  });

  it.each(['completed', 'all'])('%s: 5 (its page is a Query of its own)', async (view) => {
    const { calls } = await listCalls({ view });
    expect(calls).toEqual([...SESSION_AND_ACCOUNT, ...queries(3)]);
  });
});
