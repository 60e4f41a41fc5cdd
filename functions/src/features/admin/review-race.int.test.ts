import { describe, expect, it } from 'vitest';
import * as journey from '#local/testing/provider-journey';
import { postJson } from '#local/testing/patient-journey';
import { useTestStack } from '#local/testing/stack-context';
import { getDoctorApplication } from '#db/doctor-applications';
import { getProviderLogin } from '#db/provider-logins';
import { REVIEW_CONFLICT_MESSAGE, type AuditLogEntry } from '@shared/admin/api';
import * as adminContracts from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';
import * as providerContracts from '@shared/providers/contracts';

const stack = useTestStack();

/** Every email the local mailbox holds for an address. */
async function emailsTo(address: string) {
  const store = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string }[];
  };
  return store.emails.filter((email) => email.destination.to.includes(address));
}

async function reviewEntriesOf(token: string, applicationId: string) {
  const logs = await journey.adminListAll<AuditLogEntry>(
    stack,
    token,
    pathOf(adminContracts.adminListLogs, {}),
  );
  return logs.filter(
    (entry) => entry.applicationId === applicationId && entry.action !== 'CREATED',
  );
}

/**
 * Two decisions on the same application, sent at once as two admins' panels send them (each with
 * the version it showed): exactly one takes effect, the other is 409 and changes nothing.
 */
describe.each([
  ['approve and reject', ['approve', 'reject']],
  ['approve twice', ['approve', 'approve']],
  ['reject twice', ['reject', 'reject']],
] as const)('%s of the same application at the same time', (_name, decisions) => {
  it('takes effect once: one status change, one audit entry, one email, one account', async () => {
    const { applicationId, email } = await journey.apply(stack);
    const token = await journey.adminToken(stack);
    const { version } = (await getDoctorApplication(applicationId))!;

    const answers = await Promise.all(
      decisions.map((decision, index) =>
        journey.review(stack, token, applicationId, decision, `decision ${index}`, {
          expectedVersion: version,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 409]);
    const winner = statuses.indexOf(200);
    const loser = answers[1 - winner]!;
    expect(await loser.json()).toEqual({ message: REVIEW_CONFLICT_MESSAGE });
    const won = decisions[winner]!;

    const stored = (await getDoctorApplication(applicationId))!;
    expect(stored).toMatchObject({
      status: won === 'approve' ? 'approved' : 'rejected',
      reviewNotes: `decision ${winner}`,
      version: version + 1,
    });
    const entries = await reviewEntriesOf(token, applicationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: won === 'approve' ? 'APPROVED' : 'REJECTED',
      previousStatus: 'pending',
      notes: `decision ${winner}`,
    });
    const emails = await emailsTo(email);
    expect(emails).toHaveLength(1);

    const login = await getProviderLogin(email);
    if (won === 'approve') {
      expect(login?.isActive).toBe(true);
      const password = journey.passwordFrom(await journey.latestEmailTo(stack, email));
      const signIn = await postJson(stack, pathOf(providerContracts.providerLogin, {}), {
        email,
        password,
      });
      expect(signIn.status).toBe(200);
    } else {
      expect(login).toBeNull();
    }
  });
});

describe('a decision made on what the admin saw', () => {
  it('is refused once someone else reviewed the application, and applies on the new version', async () => {
    const { applicationId, email } = await journey.apply(stack);
    const token = await journey.adminToken(stack);
    const seen = (await getDoctorApplication(applicationId))!.version;
    expect(
      (await journey.review(stack, token, applicationId, 'approve', '', { expectedVersion: seen }))
        .status,
    ).toBe(200);
    const stale = await journey.review(stack, token, applicationId, 'reject', 'late', {
      expectedVersion: seen,
    });
    expect(stale.status).toBe(409);
    expect((await getDoctorApplication(applicationId))!.status).toBe('approved');
    // Reading the application again and deciding on it works (any status may be reviewed).
    const fresh = await journey.review(stack, token, applicationId, 'reject', 'withdrawn', {
      expectedVersion: seen + 1,
    });
    expect(fresh.status).toBe(200);
    expect((await getProviderLogin(email))?.isActive).toBe(false);
    expect((await reviewEntriesOf(token, applicationId)).map((entry) => entry.action)).toEqual([
      'REJECTED',
      'APPROVED',
    ]);
  });
});
