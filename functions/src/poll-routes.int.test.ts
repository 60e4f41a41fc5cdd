import { beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import { claimCase, startTimer } from '../../local/testing/consultation-journey';
import { loadHandler } from '../../local/gateway/lambda-runtime';
import { guardFor } from '../../local/gateway/permission-check';
import { payForCase, postJson } from '../../local/testing/patient-journey';
import { signInProvider } from '../../local/testing/provider-journey';
import { useTestStack } from '../../local/testing/stack-context';
import { permissionsOf } from './handler-permissions';
import { permissionGuards } from './lib/permission-guard';
import { httpRoutes, type HttpRoute } from './routes';
import { call, httpEvent, type EventOverrides } from './testing/events';

/**
 * Issue 12 item 2: every route a patient page polls answers from one DynamoDB request. Each
 * handler runs here as the gateway runs it, against DynamoDB Local, and every AWS call it makes
 * passes the hook the local IAM check uses (lib/permission-guard.ts), which counts them.
 */
const stack = useTestStack();
let patientId: string;
let caseId: string;

beforeAll(async () => {
  const created = await postJson(stack, pathOf(patientContracts.createPatient, {}), {
    name: 'Kofi Mensah',
    contactInfo: 'kofi@example.org',
    symptoms: 'Fever with chills for two days',
    history: '',
    requestType: 'telemedicine',
    location: '',
    medicalFiles: [],
  });
  ({ patientId, caseId } = (await created.json()) as { patientId: string; caseId: string });
  // Paid, claimed and in a call: the case partition holds the case, its payment, its meeting
  // and the patient's copy, everything these answers show.
  await payForCase(stack, caseId);
  const provider = await signInProvider(stack);
  await claimCase(stack, provider, caseId);
  await startTimer(stack, provider, caseId);
});

/** Runs the route's handler once; answers its answer and the DynamoDB calls it made. */
async function dynamoDbCallsOf(route: HttpRoute, overrides: EventOverrides) {
  const handler = await loadHandler(route.handler);
  const checkPermission = guardFor(route.handler, permissionsOf(route.handler));
  const calls: string[] = [];
  const answer = await permissionGuards.run(
    (awsCall) => {
      checkPermission(awsCall);
      if (awsCall.dependency === 'DynamoDB') calls.push(awsCall.command);
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
    const { answer } = await dynamoDbCallsOf(httpRoutes.getPaymentVerification, {
      pathParameters: { patientId },
    });
    expect(answer.body).toEqual({
      paymentVerified: true,
      meetingCreated: true,
      providerAssigned: true,
      patientName: 'Kofi Mensah',
      requestType: 'telemedicine',
      caseId,
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
