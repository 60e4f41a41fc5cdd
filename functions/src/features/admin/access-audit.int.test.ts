import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCaseA, payForCase } from '#local/testing/patient-journey';
import {
  adminFetch,
  adminListAll,
  adminToken,
  providerFetch,
  signInProvider,
} from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { listEntry } from '#db/keys';
import { encodeListCursor } from '#lib/list-cursor';
import type { AdminCasePage, AuditLogEntry, AuditLogPage } from '@shared/admin/api';
import * as adminContracts from '@shared/admin/contracts';
import type { Attachment } from '@shared/cases/api';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';

/**
 * Issue 25 item 5 (HIPAA §164.312(b)): every read of a case's patient data by a provider or an
 * admin leaves an access record in the audit log, naming who, which case, what and when, and
 * nothing of the patient.
 */

const stack = useTestStack();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const logsPath = pathOf(adminContracts.adminListLogs, {});

/** A paid case whose patient data is recognisable anywhere it would leak. */
async function paidCaseWithFile() {
  const marker = randomUUID().slice(0, 8);
  const patient = {
    name: `Zed Auditee ${marker}`,
    triageSummary: `Recurring migraine ${marker} with aura`,
    email: `zed-${marker}@example.org`,
    phone: '5551230000',
  };
  const created = await createCaseA(stack, patient, [
    { field: 'images', name: `scan-${marker}.png`, type: 'image/png', bytes: new Uint8Array(PNG) },
  ]);
  expect(created.status).toBe(201);
  const { caseId } = (await created.json()) as { caseId: string };
  await payForCase(stack, caseId);
  return { caseId, phi: [patient.name, patient.triageSummary, patient.email, `scan-${marker}`] };
}

/** The access records of one case, newest first (the whole log, every page). */
async function accessRecordsOf(token: string, caseId: string) {
  const entries = await adminListAll<AuditLogEntry>(stack, token, logsPath);
  return entries.filter((entry) => entry.caseIds.includes(caseId));
}

describe('access records of patient data', () => {
  it("record the claiming doctor's details and attachments reads and the admin's case list page: who, which case, what, when, the request, no patient data", async () => {
    const [alice, bob, token] = await Promise.all([
      signInProvider(stack),
      signInProvider(stack),
      adminToken(stack),
    ]);
    const { caseId, phi } = await paidCaseWithFile();
    const claimed = await providerFetch(stack, alice, pathOf(caseContracts.claimCase, {}), {
      method: 'POST',
      body: JSON.stringify({ caseId, providerId: alice.id }),
    });
    expect(claimed.status).toBe(200);
    const before = new Date().toISOString();

    const details = await providerFetch(
      stack,
      alice,
      pathOf(caseContracts.getCaseDetails, { caseId }),
    );
    expect(details.status).toBe(200);
    const files = await providerFetch(
      stack,
      alice,
      pathOf(caseContracts.listCaseAttachments, { caseId }),
    );
    expect(files.status).toBe(200);
    const [file] = (await files.json()) as Attachment[];
    // Another provider's refused read showed nothing, so it is not an access.
    const refused = await providerFetch(
      stack,
      bob,
      pathOf(caseContracts.getCaseDetails, { caseId }),
    );
    expect(refused.status).toBe(403);
    const overview = await adminFetch(
      stack,
      token,
      `${pathOf(adminContracts.adminListCases, {})}?limit=100`,
    );
    expect(overview.status).toBe(200);
    const overviewPage = (await overview.json()) as AdminCasePage;
    expect(overviewPage.items.map((row) => row.id)).toContain(caseId);

    // Other tests' admins may list this case too: this test's reads are its requests.
    const requestIds = [details, files, overview].map((response) =>
      response.headers.get('x-request-id'),
    );
    const entries = await adminListAll<AuditLogEntry>(stack, token, logsPath);
    const records = entries.filter((entry) => requestIds.includes(entry.requestId));
    expect(entries.filter((entry) => entry.actorId === bob.id)).toEqual([]);
    expect(records.map((record) => record.action).sort()).toEqual([
      'ADMIN_CASES_VIEWED',
      'CASE_ATTACHMENTS_VIEWED',
      'CASE_DETAILS_VIEWED',
    ]);
    const byAction = new Map(records.map((record) => [record.action, record]));
    for (const [action, response] of [
      ['CASE_DETAILS_VIEWED', details],
      ['CASE_ATTACHMENTS_VIEWED', files],
    ] as const) {
      expect(byAction.get(action), action).toMatchObject({
        actorRole: 'provider',
        actorId: alice.id,
        adminId: '',
        caseIds: [caseId],
        applicationId: '',
        requestId: response.headers.get('x-request-id'),
        notes: `1 download link(s) issued: ${file!.id}`,
      });
    }
    const adminRecord = byAction.get('ADMIN_CASES_VIEWED')!;
    expect(adminRecord).toMatchObject({
      actorRole: 'admin',
      requestId: overview.headers.get('x-request-id'),
    });
    expect(adminRecord.actorId).not.toBe('');
    expect(adminRecord.adminId).toBe(adminRecord.actorId);
    expect(adminRecord.caseIds).toEqual(overviewPage.items.map((row) => row.id));
    for (const record of records) {
      expect(record.timestamp >= before, record.action).toBe(true);
      const text = JSON.stringify(record);
      for (const value of phi) expect(text, record.action).not.toContain(value);
    }
  });

  it('page on from an access record: the log cursor finds its own partition', async () => {
    const token = await adminToken(stack);
    const { caseId } = await paidCaseWithFile();
    // The admin's read of the page that holds the case writes an access record.
    const overview = await adminFetch(
      stack,
      token,
      `${pathOf(adminContracts.adminListCases, {})}?limit=100`,
    );
    expect(overview.status).toBe(200);
    const [record] = await accessRecordsOf(token, caseId);
    expect(record).toBeDefined();
    const cursor = encodeListCursor('admin-logs', [
      listEntry('AUDIT_LOGS', record!.timestamp, record!.id).gsi1sk,
      '',
    ]);
    const next = await adminFetch(stack, token, `${logsPath}?limit=1&cursor=${cursor}`);
    expect(next.status).toBe(200);
    const [older] = ((await next.json()) as AuditLogPage).items;
    expect(older).toBeDefined();
    expect(older!.id).not.toBe(record!.id);
    expect(older!.timestamp <= record!.timestamp).toBe(true);
  });
});
