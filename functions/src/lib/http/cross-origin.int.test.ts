import { describe, expect, it } from 'vitest';
import { openAlertSocket, requestTicket } from '#local/testing/alert-socket';
import { providerFetch, signInProvider } from '#local/testing/provider-journey';
import { appFetch, useTestStack } from '#local/testing/stack-context';
import { pathOf } from '@shared/http/contract';
import * as patientContracts from '@shared/patients/contracts';
import * as providerContracts from '@shared/providers/contracts';
import { CROSS_SITE_MESSAGE } from './origin';

/**
 * Issue 10 item 1 through the local gateway: the cross-origin rule of Go's
 * CrossOriginProtection refuses what a browser sends cross-site and serves clients that are no
 * browser (docs/adr/0005-cross-origin-rule.md).
 */
const stack = useTestStack();
const patientsUrl = new URL(pathOf(patientContracts.createPatient, {}), stack.appUrl);
const request = {
  name: 'Script Client',
  contactInfo: 'script@example.org',
  symptoms: 'Sore throat for two days',
  requestType: 'telemedicine',
};
const json = JSON.stringify(request);

async function refusal(response: Response) {
  return {
    status: response.status,
    message: ((await response.json()) as { message: string }).message,
  };
}

describe('cross-origin rule on a public state-changing route', () => {
  it('refuses a cross-site form post (the CSRF a page of another site can send)', async () => {
    const response = await fetch(patientsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams(request).toString(),
    });
    expect(await refusal(response)).toEqual({ status: 403, message: CROSS_SITE_MESSAGE });
  });

  it('refuses a foreign Origin from a browser that sends no Sec-Fetch-Site', async () => {
    const response = await fetch(patientsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: json,
    });
    expect(await refusal(response)).toEqual({ status: 403, message: CROSS_SITE_MESSAGE });
  });

  it('refuses Sec-Fetch-Site: same-site (a sibling subdomain is another origin)', async () => {
    const response = await fetch(patientsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
      body: json,
    });
    expect(response.status).toBe(403);
  });

  it('accepts a plain script POST: no Origin, no Sec-Fetch-Site', async () => {
    const response = await fetch(patientsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true });
  });

  it("accepts a browser's same-origin POST", async () => {
    const response = await fetch(patientsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        origin: stack.appUrl,
      },
      body: json,
    });
    expect(response.status).toBe(201);
  });
});

describe('cross-origin rule with a session cookie', () => {
  it('a cross-site sign-out is refused and the session lives on', { timeout: 60_000 }, async () => {
    const provider = await signInProvider(stack);
    const logout = await providerFetch(
      stack,
      provider,
      pathOf(providerContracts.providerLogout, {}),
      {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      },
    );
    expect(logout.status).toBe(403);
    const me = await providerFetch(stack, provider, pathOf(providerContracts.providerMe, {}));
    expect(me.status).toBe(200);

    // The same rule on the WebSocket upgrade: a page of another site cannot open /ws ...
    await expect(
      openAlertSocket(stack, await requestTicket(stack, provider), {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
    ).rejects.toThrow(/403/);
    // ... a client that is no browser can, with a ticket.
    const socket = await openAlertSocket(stack, await requestTicket(stack, provider), {});
    socket.socket.close();
    expect(await socket.closed).toBeGreaterThan(0);
  });

  // Issue 25 (review L3): an old browser that sends neither header on a form post still names the
  // form's type, or none for a fieldless one; with the cookie it rode in on, either is refused.
  it(
    'a cookie sign-out with no JSON type is refused and the session lives on',
    { timeout: 60_000 },
    async () => {
      const provider = await signInProvider(stack);
      const logoutPath = pathOf(providerContracts.providerLogout, {});
      for (const type of [undefined, 'application/x-www-form-urlencoded', 'text/plain']) {
        const headers: Record<string, string> = { cookie: provider.cookie };
        if (type) headers['content-type'] = type;
        const logout = await appFetch(stack, logoutPath, { method: 'POST', headers });
        expect(logout.status, String(type)).toBe(415);
      }
      const me = await providerFetch(stack, provider, pathOf(providerContracts.providerMe, {}));
      expect(me.status).toBe(200);
      // The app's own call (JSON type, no body) signs out.
      expect((await providerFetch(stack, provider, logoutPath, { method: 'POST' })).status).toBe(
        204,
      );
    },
  );
});
