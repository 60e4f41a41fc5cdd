import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimCase } from '@shared/cases/contracts';
import { getClientConfig } from '@shared/config/contracts';
import { getApplicationStatus } from '@shared/doctor-applications/contracts';
import { pathOf } from '@shared/http/contract';
import { startMeetingTimer } from '@shared/meetings/contracts';
import { allContracts, contractOf } from './api-contracts';
import {
  answer,
  inTurn,
  json,
  mockApi,
  networkError,
  noContent,
  offContract,
  reply,
  routeOf,
} from './api-mock';
import { CASE_ID, TEST_CONFIG } from './fixtures';

/**
 * The request mock refuses what the server would never do or accept. Each test that expects a
 * refusal takes the recorded violation, so it does not fail the test as it ends.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONFIG = routeOf(getClientConfig);
const CONFIG_PATH = pathOf(getClientConfig, {});
const CLAIM = routeOf(claimCase);
const CLAIM_PATH = pathOf(claimCase, {});
const claimBody = { caseId: CASE_ID, providerId: 'provider-1' };

function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: 'POST', body: JSON.stringify(body) });
}

describe('the contract check of the request mock', () => {
  it('knows the contract of each route module, a fixed segment before a parameter', () => {
    expect(allContracts).toContain(getClientConfig);
    const routes = allContracts.map(routeOf);
    expect(new Set(routes).size).toBe(routes.length);
    // The attachments route of an application (`…/{applicationId}/attachments`) matches it too.
    const status = pathOf(getApplicationStatus, { applicationId: 'attachments' });
    expect(contractOf('GET', status)).toBe(getApplicationStatus);
    expect(contractOf('POST', status)).toBeUndefined();
  });

  it('passes a request and an answer that keep to the contract', async () => {
    const api = mockApi({ [CONFIG]: () => reply(getClientConfig, TEST_CONFIG) });
    const res = await fetch(CONFIG_PATH);
    expect(await res.json()).toEqual(TEST_CONFIG);
    expect(api.takeViolations()).toEqual([]);
  });

  it('refuses a mock answer that breaks the response schema', async () => {
    const api = mockApi({ [CONFIG]: () => json({ supportEmail: 'support@telehealth.test' }) });
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(
      /the answer to GET \/api\/config breaks GET \/api\/config/,
    );
    expect(api.takeViolations()).toEqual([expect.stringContaining('stripePublishableKey')]);
  });

  it('refuses an error answer without the error envelope', async () => {
    const api = mockApi({ [CONFIG]: () => json({ error: 'Service unavailable' }, 503) });
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(/breaks GET \/api\/config/);
    expect(api.takeViolations()).toEqual([expect.stringContaining('message')]);
  });

  it('refuses a non-JSON answer, and a body the mock cannot read', async () => {
    const api = mockApi({
      [CONFIG]: inTurn(
        () => answer('<html>Bad gateway</html>', 502),
        () => new Response('{}', { status: 200 }),
      ),
    });
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(/not JSON/);
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(/body is unknown to the mock/);
    expect(api.takeViolations()).toHaveLength(2);
  });

  it('refuses a 204 on a route whose answer has a body', async () => {
    const api = mockApi({ [CONFIG]: noContent });
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(/a 204 answer needs a body/);
    expect(api.takeViolations()).toHaveLength(1);
  });

  it('refuses a request body that breaks the body schema, without answering it', async () => {
    const answerClaim = vi.fn(() => json({ message: 'not reached' }, 409));
    const api = mockApi({ [CLAIM]: answerClaim });
    await expect(post(CLAIM_PATH, { caseId: 'c1', providerId: '' })).rejects.toThrow(
      /POST \/api\/cases\/claim sends a body that breaks POST \/api\/cases\/claim/,
    );
    await expect(fetch(CLAIM_PATH, { method: 'POST', body: 'caseId=c1' })).rejects.toThrow(
      /not JSON/,
    );
    await expect(fetch(CLAIM_PATH, { method: 'POST' })).rejects.toThrow(/none was sent/);
    expect(answerClaim).not.toHaveBeenCalled();
    expect(api.takeViolations()).toEqual([
      expect.stringContaining('caseId'),
      expect.stringContaining('not JSON'),
      expect.stringContaining('none was sent'),
    ]);
  });

  it('refuses a route no contract has, registered or requested', async () => {
    expect(() => mockApi({ 'GET /api/no-such-route': () => json({}) })).toThrow(
      /no route contract in shared\/ has GET \/api\/no-such-route/,
    );
    expect(() => mockApi({ 'DELETE /api/cases/{caseId}/status': noContent })).toThrow(
      /no route contract/,
    );
    const api = mockApi();
    expect(() => api.on('POST /api/config', noContent)).toThrow(/no route contract/);
    await expect(fetch('/api/no-such-route')).rejects.toThrow(/is no route of a contract/);
    expect(api.takeViolations()).toHaveLength(1);
  });

  it('passes an answer marked offContract, and calls to another origin, unchecked', async () => {
    const storage = 'https://uploads.example.test/bucket';
    const api = mockApi({
      [CONFIG]: () => offContract(answer('<html>Bad gateway</html>', 502)),
      [`POST ${storage}`]: () => new Response('<Error/>', { status: 403 }),
    });
    expect((await fetch(CONFIG_PATH)).status).toBe(502);
    expect((await fetch(storage, { method: 'POST', body: new FormData() })).status).toBe(403);
    expect(api.takeViolations()).toEqual([]);
  });

  it('lets a network failure through as the failure it is', async () => {
    const api = mockApi({ [CONFIG]: networkError });
    await expect(fetch(CONFIG_PATH)).rejects.toThrow(TypeError);
    expect(api.takeViolations()).toEqual([]);
  });

  it('checks an answer that arrives later', async () => {
    const path = pathOf(startMeetingTimer, { caseId: CASE_ID });
    const api = mockApi({
      [routeOf(startMeetingTimer)]: () => Promise.resolve(json({ success: true })),
    });
    await expect(post(path, undefined)).rejects.toThrow(/breaks POST \/api\/meetings/);
    expect(api.takeViolations()).toHaveLength(1);
  });

  // The code under test swallows the refusal, so the test body passes whatever the mock does;
  // the mock's check as the test ends must fail it anyway, and `fails` expects that failure.
  it.fails('fails the test when the code under test swallowed the refusal', async () => {
    mockApi({ [CLAIM]: () => json({ success: true }) });
    const swallowed = post(CLAIM_PATH, claimBody).catch(() => undefined);
    await expect(swallowed).resolves.not.toThrow();
  });
});
