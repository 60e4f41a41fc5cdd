import { describe, expect, it } from 'vitest';
import { createCaseA } from '#local/testing/patient-journey';
import {
  adminFetch,
  adminListAll,
  adminPages,
  adminToken,
  apply,
  review,
} from '#local/testing/provider-journey';
import { uploadDocument } from '#local/testing/document-upload';
import { useTestStack } from '#local/testing/stack-context';
import { listDoctorApplicationPage } from '#db/doctor-applications';
import { applicationFilter } from './views';
import type { AdminApplication, AdminCaseRow, AdminStats, AuditLogEntry } from '@shared/admin/api';
import * as adminContracts from '@shared/admin/contracts';
import * as applicationContracts from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';

const stack = useTestStack();

const applicationsPath = pathOf(adminContracts.adminListApplications, {});
const casesPath = pathOf(adminContracts.adminListCases, {});
const logsPath = pathOf(adminContracts.adminListLogs, {});

/** A name no other test uses, so a search finds exactly this test's applications. */
const uniqueName = () => `Dr. Pager ${Math.random().toString(36).slice(2, 10)}`;

/** The application record of an application id, as the admin list shows it. */
async function listItemOf(token: string, applicationId: string): Promise<AdminApplication> {
  const items = await adminListAll<AdminApplication>(stack, token, applicationsPath);
  const item = items.find((candidate) => candidate.applicationId === applicationId);
  if (!item) throw new Error(`application ${applicationId} is not listed`);
  return item;
}

/** No id twice, and nothing missing: the pages cut the list into disjoint runs. */
function expectEachOnce(ids: string[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

describe('admin lists are paged with an opaque cursor', () => {
  it('pages the applications a search finds: each exactly once, newest first', async () => {
    const name = uniqueName();
    const created: string[] = [];
    // One at a time, so each is newer than the one before.
    for (let index = 0; index < 7; index += 1) {
      created.push((await apply(stack, { fullName: `${name} ${index}` })).applicationId);
    }
    const token = await adminToken(stack);
    const pages = await adminPages<AdminApplication>(
      stack,
      token,
      `${applicationsPath}?search=${encodeURIComponent(name.toUpperCase())}`,
      { limit: 3 },
    );
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const seen = pages.flatMap((page) => page.items.map((item) => item.applicationId));
    expect(seen).toEqual([...created].reverse());
  });

  it('cuts a filtered page short after its read budget and reads on from where it stopped', async () => {
    const name = uniqueName();
    const created: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      created.push((await apply(stack, { fullName: `${name} ${index}` })).applicationId);
    }
    const keep = applicationFilter({ search: name.toLowerCase() });
    const seen: string[] = [];
    const sizes: number[] = [];
    let afterSortKey: string | undefined;
    // Two items read per request: the whole table in small steps, each continuing the last.
    for (let request = 0; request < 10_000; request += 1) {
      const page = await listDoctorApplicationPage({ limit: 10, afterSortKey, keep, maxRead: 2 });
      seen.push(...page.applications.map((record) => record.applicationId));
      sizes.push(page.applications.length);
      if (!page.lastSortKey) break;
      afterSortKey = page.lastSortKey;
    }
    expect(seen).toEqual([...created].reverse());
    // Pages came back short (even empty) with a cursor, rather than reading on without bound.
    expect(sizes.filter((size) => size < 3).length).toBeGreaterThan(1);
  });

  it('pages every application, case and audit entry exactly once, newest first', async () => {
    const { applicationId } = await apply(stack, { fullName: uniqueName() });
    for (let index = 0; index < 3; index += 1) expect((await createCaseA(stack)).status).toBe(201);
    const token = await adminToken(stack);

    const applications = (
      await adminPages<AdminApplication>(stack, token, applicationsPath, { limit: 4 })
    ).flatMap((page) => page.items);
    expectEachOnce(applications.map((item) => item.id));
    expect(applications.map((item) => item.applicationId)).toContain(applicationId);
    const dates = applications.map((item) => item.applicationDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const casePages = await adminPages<AdminCaseRow>(stack, token, casesPath, { limit: 2 });
    expect(casePages.length).toBeGreaterThanOrEqual(2);
    const cases = casePages.flatMap((page) => page.items);
    expectEachOnce(cases.map((row) => row.id));
    const created = cases.map((row) => row.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const logPages = await adminPages<AuditLogEntry>(stack, token, logsPath, { limit: 5 });
    expect(logPages.length).toBeGreaterThanOrEqual(2);
    const logs = logPages.flatMap((page) => page.items);
    expectEachOnce(logs.map((entry) => entry.id));
    expect(logs.some((entry) => entry.applicationId === applicationId)).toBe(true);
    const times = logs.map((entry) => entry.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a tampered, foreign or forged cursor with 400, and a bad limit', async () => {
    await apply(stack);
    await apply(stack);
    const token = await adminToken(stack);
    const cursorOf = async (path: string) => {
      const page = (await (await adminFetch(stack, token, `${path}?limit=1`)).json()) as {
        nextCursor: string | null;
      };
      if (!page.nextCursor) throw new Error(`${path}: no second page`);
      return page.nextCursor;
    };
    const valid = {
      [applicationsPath]: await cursorOf(applicationsPath),
      [casesPath]: await cursorOf(casesPath),
      [logsPath]: await cursorOf(logsPath),
    };
    const decoded = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
    const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    for (const [path, cursor] of Object.entries(valid)) {
      expect((await adminFetch(stack, token, `${path}?cursor=${cursor}`)).status).toBe(200);
      const [list, ...parts] = decoded(cursor).split('|');
      const tampered = [
        encoded([list, ...parts.map((part) => `${part}x`)].join('|')),
        encoded([list, ...parts.map((part) => part.replace('#', '#CASE#'))].join('|')),
        encoded([`${list}-other`, ...parts].join('|')),
        encoded([list, ...parts, 'extra'].join('|')),
        encoded([list, ...parts.map(() => "' OR 1=1")].join('|')),
        ...Object.values(valid).filter((other) => other !== cursor),
        'bm90LWEtY3Vyc29y',
        '!!!',
        'A'.repeat(301),
      ];
      for (const cursor of tampered) {
        const answer = await adminFetch(
          stack,
          token,
          `${path}?cursor=${encodeURIComponent(cursor)}`,
        );
        expect(answer.status, `${path} ${cursor}`).toBe(400);
        expect(((await answer.json()) as { message: string }).message).toBe('Invalid cursor');
      }
      for (const limit of ['0', '101', 'x']) {
        expect((await adminFetch(stack, token, `${path}?limit=${limit}`)).status).toBe(400);
      }
    }
  });
});

/** The six tiles as the applications say they should read (spec doc 2 §3). */
function statsFrom(
  applications: AdminApplication[],
  today: string,
): Omit<AdminStats, 'waitEstimates'> {
  const count = (status: string) => applications.filter((item) => item.status === status).length;
  const hours = applications
    .filter((item) => item.reviewedAt)
    .map((item) => (Date.parse(item.reviewedAt!) - Date.parse(item.applicationDate)) / 3_600_000);
  return {
    totalApplications: applications.length,
    pendingApplications: count('pending') + count('under_review'),
    approvedApplications: count('approved'),
    rejectedApplications: count('rejected'),
    applicationsToday: applications.filter((item) => item.applicationDate.startsWith(today)).length,
    averageReviewTime: hours.length
      ? Math.round((hours.reduce((sum, value) => sum + value, 0) / hours.length) * 10) / 10
      : 0,
  };
}

describe('admin stats come from counters', () => {
  it('match the applications after approvals, rejections and re-reviews', async () => {
    const token = await adminToken(stack);
    const readStats = async () =>
      (await (
        await adminFetch(stack, token, pathOf(adminContracts.adminStats, {}))
      ).json()) as AdminStats;
    const before = await readStats();

    const approved = await apply(stack);
    const rejected = await apply(stack);
    const withdrawn = await apply(stack);
    const pending = await apply(stack);
    expect((await review(stack, token, approved.applicationId, 'approve')).status).toBe(200);
    expect((await review(stack, token, rejected.applicationId, 'reject')).status).toBe(200);
    expect((await review(stack, token, withdrawn.applicationId, 'approve')).status).toBe(200);
    expect((await review(stack, token, withdrawn.applicationId, 'reject')).status).toBe(200);
    expect((await review(stack, token, withdrawn.applicationId, 'reject')).status).toBe(200);
    expect(pending.applicationId).toBeTruthy();

    // Other test files change applications meanwhile: the counters only ever grow by what was
    // done, so this test's four applications are at least in them.
    const after = await readStats();
    expect(after.totalApplications - before.totalApplications).toBeGreaterThanOrEqual(4);
    expect(after.applicationsToday - before.applicationsToday).toBeGreaterThanOrEqual(4);

    // And the counters equal what the applications themselves say, read while nothing changed
    // (stats identical before and after the full list read).
    const deadline = Date.now() + 20_000;
    for (;;) {
      const first = await readStats();
      const applications = await adminListAll<AdminApplication>(stack, token, applicationsPath);
      const second = await readStats();
      if (JSON.stringify(first) === JSON.stringify(second)) {
        const { averageReviewTime, ...counts } = statsFrom(
          applications,
          new Date().toISOString().slice(0, 10),
        );
        expect(second).toMatchObject(counts);
        // Summed in milliseconds by the counters, in floating hours here.
        expect(second.averageReviewTime).toBeCloseTo(averageReviewTime, 0);
        break;
      }
      if (Date.now() > deadline) throw new Error('the applications never stood still for 20 s');
    }
  });
});

describe('admin routes take the list item id as well as the application id', () => {
  it('approves, rejects and lists documents by either id', async () => {
    const token = await adminToken(stack);
    const first = await apply(stack);
    const second = await apply(stack);
    const firstItem = await listItemOf(token, first.applicationId);
    const secondItem = await listItemOf(token, second.applicationId);
    expect(firstItem.id).not.toBe(firstItem.applicationId);

    const approved = await review(stack, token, firstItem.id, 'approve');
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      application: { id: firstItem.id, applicationId: first.applicationId, status: 'approved' },
    });
    const rejectedById = await review(stack, token, firstItem.id.toUpperCase(), 'reject');
    expect(rejectedById.status).toBe(200);
    const rejected = await review(stack, token, `APP-${second.applicationId}`, 'reject');
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      application: { id: secondItem.id, status: 'rejected' },
    });

    const upload = await uploadDocument(stack, second.applicationId, {
      name: 'cv.pdf',
      contentType: 'application/pdf',
      bytes: '%PDF-1.4 cv',
      type: 'cv',
    });
    expect(upload.status).toBe(201);
    for (const id of [secondItem.id, second.applicationId, `APP-${second.applicationId}`]) {
      const listed = await adminFetch(
        stack,
        token,
        pathOf(applicationContracts.listApplicationAttachments, { applicationId: id }),
      );
      expect(listed.status, id).toBe(200);
      expect(await listed.json()).toEqual([expect.objectContaining({ originalName: 'cv.pdf' })]);
    }
  });

  it('answers an unknown id of either kind with 404 and a clear message', async () => {
    const token = await adminToken(stack);
    const unknown = ['6f1c2b0e-8a57-4c1e-9d2a-3b4c5d6e7f80', 'ZZZZ-ZZZZ'];
    for (const id of unknown) {
      for (const decision of ['approve', 'reject'] as const) {
        const answer = await review(stack, token, id, decision);
        expect(answer.status, `${decision} ${id}`).toBe(404);
        expect(await answer.json()).toEqual({ message: 'Application not found' });
      }
      const documents = await adminFetch(
        stack,
        token,
        pathOf(applicationContracts.listApplicationAttachments, { applicationId: id }),
      );
      expect(documents.status, id).toBe(404);
      expect(await documents.json()).toEqual({ message: 'Application not found' });
    }
    const malformed = await review(stack, token, 'not an id!', 'approve');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(
      'Please enter a valid application ID',
    );
  });
});
