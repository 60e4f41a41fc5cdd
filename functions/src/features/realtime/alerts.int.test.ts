import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  openAlertSocket,
  requestTicket,
  roundTrip,
  type AlertSocket,
} from '#local/testing/alert-socket';
import {
  STRIPE_TEST_CARDS,
  createCaseA,
  createCheckout,
  newCaseId,
  payWithCard,
} from '#local/testing/patient-journey';
import {
  providerFetch,
  signInProvider,
  withdrawApproval,
  type SignedInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { CONNECT_SETTLE_MS, getConnection, saveConnection } from '#db/connections';
import { deleteSession, getSession } from '#db/sessions';
import { hashToken } from '#lib/auth/tokens';
import { issueTicket } from './tickets';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';
import type { CaseAlertType } from '@shared/realtime/api';

const stack = useTestStack();

const sessionIdOf = (provider: SignedInProvider) => hashToken(provider.cookie.split('=')[1]!);

async function connect(provider: SignedInProvider): Promise<AlertSocket> {
  return openAlertSocket(stack, await requestTicket(stack, provider));
}

const alertsAbout = (alerts: AlertSocket, caseId: string) =>
  alerts.messages.filter((message) => 'case' in message && message.case.id === caseId);

function waitForAlert(alerts: AlertSocket, caseId: string, type: CaseAlertType) {
  return expect
    .poll(() => alertsAbout(alerts, caseId).map((message) => message.type))
    .toContain(type);
}

describe('/ws tickets', () => {
  it('open one socket, once; a used, expired or foreign-origin connect is refused', async () => {
    const provider = await signInProvider(stack);
    const ticket = await requestTicket(stack, provider);
    const alerts = await openAlertSocket(stack, ticket);
    await roundTrip(alerts);
    await expect(openAlertSocket(stack, ticket)).rejects.toThrow(/401/);

    await expect(
      openAlertSocket(stack, await requestTicket(stack, provider), 'https://evil.example'),
    ).rejects.toThrow(/403/);

    const session = await getSession(sessionIdOf(provider));
    const expired = await issueTicket(session!, Date.now() - 31_000);
    await expect(openAlertSocket(stack, expired.ticket)).rejects.toThrow(/401/);
    alerts.socket.close();
  });
});

describe('case alerts', () => {
  it('reach a connected provider when a case is created (no symptom text: it is unpaid) and when it is paid (50 characters)', async () => {
    const alerts = await connect(await signInProvider(stack));
    const symptoms = `Sharp pain in the lower back ${'when bending over '.repeat(5)}`;
    const created = await createCaseA(stack, {
      name: 'Ada Patient',
      triageSummary: symptoms,
      email: 'ada@example.org',
    });
    const caseId = ((await created.json()) as { caseId: string }).caseId;
    await waitForAlert(alerts, caseId, 'NEW_CASE_CREATED');
    expect(alertsAbout(alerts, caseId)).toEqual([
      { type: 'NEW_CASE_CREATED', case: { id: caseId } },
    ]);

    const { sessionId } = await createCheckout(stack, caseId);
    await payWithCard(stack, sessionId, STRIPE_TEST_CARDS.pays);
    await waitForAlert(alerts, caseId, 'CASE_PAID_READY');
    expect(alertsAbout(alerts, caseId)[1]).toEqual({
      type: 'CASE_PAID_READY',
      case: { id: caseId, triageSummary: `${symptoms.slice(0, 50)}...` },
    });
    alerts.socket.close();
  });

  // Three approvals and sign-ins: a dozen scrypt runs of 128 MiB on a shared 2-core machine.
  it(
    'close the sockets of a signed-out and a deactivated provider, which receive nothing',
    {
      timeout: 90_000,
    },
    async () => {
      const [staying, leaving, withdrawn] = await Promise.all([
        signInProvider(stack),
        signInProvider(stack),
        signInProvider(stack),
      ]);
      const [stayingAlerts, leavingAlerts, withdrawnAlerts] = await Promise.all([
        connect(staying),
        connect(leaving),
        connect(withdrawn),
      ]);

      const logout = pathOf(providerContracts.providerLogout, {});
      expect((await providerFetch(stack, leaving, logout, { method: 'POST' })).status).toBe(204);
      await leavingAlerts.closed;
      await withdrawApproval(stack, withdrawn);
      await withdrawnAlerts.closed;

      const caseId = await newCaseId(stack);
      await waitForAlert(stayingAlerts, caseId, 'NEW_CASE_CREATED');
      expect(alertsAbout(leavingAlerts, caseId)).toEqual([]);
      expect(alertsAbout(withdrawnAlerts, caseId)).toEqual([]);
      stayingAlerts.socket.close();
    },
  );

  it('re-check the session before each push: a socket whose session ended is closed instead', async () => {
    const provider = await signInProvider(stack);
    const alerts = await connect(provider);
    // The session disappears without a sign-out (as when it expires): only the re-check sees it.
    await deleteSession(sessionIdOf(provider));
    const caseId = await newCaseId(stack);
    await alerts.closed;
    expect(alertsAbout(alerts, caseId)).toEqual([]);
  });

  it('forget a connection that is gone (410)', async () => {
    const provider = await signInProvider(stack);
    const alerts = await connect(provider);
    const deadId = `dead-${randomUUID()}`;
    // Saved long enough ago to be past connecting (CONNECT_SETTLE_MS).
    await saveConnection(
      {
        connectionId: deadId,
        channel: 'provider-alerts',
        providerId: provider.id,
        sessionId: sessionIdOf(provider),
      },
      new Date(Date.now() - CONNECT_SETTLE_MS - 1000),
    );
    const caseId = await newCaseId(stack);
    await waitForAlert(alerts, caseId, 'NEW_CASE_CREATED');
    expect(await getConnection(deadId)).toBeNull();
    alerts.socket.close();
  });
});
