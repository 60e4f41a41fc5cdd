import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENDENCY_FAILURE_MESSAGE } from '#core/dependency-failure';
import * as adminContracts from '@shared/admin/contracts';
import * as caseContracts from '@shared/cases/contracts';
import { pathOf } from '@shared/http/contract';
import * as paymentContracts from '@shared/payments/contracts';
import * as uploadContracts from '@shared/uploads/contracts';
import { DEFAULT_DYNAMODB_LOCAL_NICE } from './dynamodb';
import type { RunningStack } from './stack';
import { startIsolatedStack } from './testing/isolated-stack';
import { caseStatus, newCaseId, patientHeaders, postJson } from './testing/patient-journey';
import { pollUntil } from './testing/poll';
import { adminFetch, adminToken, apply, latestEmailTo } from './testing/provider-journey';
import { appFetch } from './testing/stack-context';
import { postToStorage } from './testing/storage-upload';

/**
 * Issue 10 item 9 under a running stack of this file's own (its services are stopped on
 * purpose): a stopped DynamoDB Local, s3rver, mailbox or Stripe stand-in makes a route answer
 * 503 with Retry-After and the plain message, and the route works again once it is back; and
 * `npm start`'s watcher restarts a killed DynamoDB Local with its data, and stops everything
 * with a clear message when it dies again at once; DynamoDB Local runs below the stack's
 * priority (docs/adr/0008-dynamodb-local-priority.md).
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let stack: RunningStack;
let stopStack: () => Promise<void>;
const logged: string[] = [];
const fatal: string[] = [];

beforeAll(async () => {
  ({ stack, stop: stopStack } = await startIsolatedStack('outages', {
    admin: { username: 'outage-admin', password: 'outage-admin-password-1234' },
    log: (message) => logged.push(message),
    onFatal: (message) => fatal.push(message),
  }));
}, 90_000);

afterAll(() => stopStack());

/** Waits until `probe` answers true (a failing probe counts as not yet); fails after `timeoutMs`. */
function eventually(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000) {
  return pollUntil(what, async () => ((await probe().catch(() => false)) ? true : undefined), {
    timeoutMs,
    intervalMs: 100,
  });
}

/** A thread's `nice` (field 19 of /proc/<pid>/task/<tid>/stat; the name before may hold spaces). */
function threadNice(pid: number, tid: string): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

async function expect503(response: Response, extra: Record<string, unknown> = {}) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({ ...extra, message: DEPENDENCY_FAILURE_MESSAGE });
}

describe('a stopped dependency answers 503 with Retry-After', () => {
  it('DynamoDB Local', async () => {
    const caseId = await newCaseId(stack);
    await stack.services.pause('dynamodb');
    try {
      await expect503(await appFetch(stack, pathOf(caseContracts.getCaseStatus, { caseId })));
      await expect503(
        await postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), {
          caseId,
          mode: 'hosted',
        }),
        { error: DEPENDENCY_FAILURE_MESSAGE },
      );
    } finally {
      await stack.services.resume('dynamodb');
    }
    await eventually('the case reads again', async () => {
      return (await caseStatus(stack, caseId)).status === 'awaiting_payment';
    });
  }, 60_000);

  it('s3rver', async () => {
    const caseId = await newCaseId(stack);
    const grantResponse = await postJson(
      stack,
      pathOf(uploadContracts.createCaseUpload, { caseId }),
      { kind: 'image', filename: 'rash.png', contentType: 'image/png', size: PNG.length },
      patientHeaders(caseId),
    );
    expect(grantResponse.status).toBe(201);
    const grant = (await grantResponse.json()) as {
      uploadId: string;
      url: string;
      fields: Record<string, string>;
    };
    expect(
      (await postToStorage(grant, new Blob([PNG], { type: 'image/png' }), 'rash.png')).status,
    ).toBeLessThan(300);

    const confirm = () =>
      postJson(
        stack,
        pathOf(uploadContracts.confirmCaseUpload, { caseId }),
        { uploadId: grant.uploadId },
        patientHeaders(caseId),
      );
    await stack.services.pause('s3');
    try {
      await expect503(await confirm());
    } finally {
      await stack.services.resume('s3');
    }
    await eventually('the upload confirms', async () => (await confirm()).status === 201);
  });

  it('the mailbox (SES)', async () => {
    const token = await adminToken(stack);
    const { applicationId, email } = await apply(stack);
    const approve = () =>
      adminFetch(
        stack,
        token,
        pathOf(adminContracts.adminApproveApplication, { id: applicationId }),
        {
          method: 'POST',
          body: JSON.stringify({ notes: '' }),
        },
      );
    await stack.services.pause('mailbox');
    try {
      await expect503(await approve());
    } finally {
      await stack.services.resume('mailbox');
    }
    // The decision was stored; approving again sends the credentials.
    await eventually('the approval answers', async () => (await approve()).status === 200);
    expect((await latestEmailTo(stack, email))?.body.text).toMatch(/Temporary password: \S+/);
  });

  it('the Stripe stand-in', async () => {
    const caseId = await newCaseId(stack);
    const checkout = () =>
      postJson(stack, pathOf(paymentContracts.createCheckoutSession, {}), {
        caseId,
        mode: 'hosted',
      });
    await stack.services.pause('stripe');
    try {
      await expect503(await checkout(), { error: DEPENDENCY_FAILURE_MESSAGE });
    } finally {
      await stack.services.resume('stripe');
    }
    await eventually('the checkout opens', async () => (await checkout()).status === 200);
  });
});

describe("npm start's watcher", () => {
  it('runs every thread of DynamoDB Local at the lower priority npm start gives it', () => {
    const pid = stack.services.handle('dynamodb')?.pid;
    expect(pid).toBeDefined();
    // The pid is the JVM itself (`nice` execs it), and the threads it started inherited the nice.
    expect(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('java');
    const threads = readdirSync(`/proc/${pid}/task`);
    expect(threads.length).toBeGreaterThan(1);
    expect(new Set(threads.map((tid) => threadNice(pid!, tid)))).toEqual(
      new Set([DEFAULT_DYNAMODB_LOCAL_NICE]),
    );
  });

  it('restarts a killed DynamoDB Local with its data, and stops everything if it dies again at once', async () => {
    const caseId = await newCaseId(stack);
    const firstPid = stack.services.handle('dynamodb')?.pid;
    expect(firstPid).toBeGreaterThan(0);
    process.kill(firstPid!, 'SIGKILL');

    await eventually(
      'DynamoDB Local is restarted',
      () => {
        const pid = stack.services.handle('dynamodb')?.pid;
        return Promise.resolve(pid !== undefined && pid !== firstPid);
      },
      60_000,
    );
    expect(logged.join('\n')).toMatch(
      /DynamoDB Local stopped unexpectedly \(killed by SIGKILL\); restarting it \(port \d+, data in /,
    );
    // Same port, same data: the case written before the kill is still there.
    await eventually('the case reads again', async () => {
      return (await caseStatus(stack, caseId)).status === 'awaiting_payment';
    });
    expect(fatal).toEqual([]);

    process.kill(stack.services.handle('dynamodb')!.pid!, 'SIGKILL');
    await stack.stopped;
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(
      /^DynamoDB Local stopped again \(killed by SIGKILL\) \d+ s after it was restarted/,
    );
    // Nothing is left half-alive: the app and the Stripe stand-in are gone too.
    await expect(fetch(stack.appUrl)).rejects.toThrow();
    await expect(fetch(stack.stripeUrl)).rejects.toThrow();
  }, 90_000);
});
