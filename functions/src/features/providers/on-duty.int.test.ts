import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '#local/stack';
import { openAlertSocket, requestTicket, type AlertSocket } from '#local/testing/alert-socket';
import { startOwnStack } from '#local/testing/own-stack';
import { pollUntil } from '#local/testing/poll';
import { signInProvider, type SignedInProvider } from '#local/testing/provider-journey';
import { appFetch } from '#local/testing/stack-context';
import { dutySignals } from '#db/connections';
import { countDoctorsOnDuty } from './on-duty';
import { pathOf } from '@shared/http/contract';
import { getDoctorsOnDuty } from '@shared/providers/contracts';
import { DOCTORS_ON_DUTY_MAX_AGE_SECONDS } from '@shared/providers/contracts/get-doctors-on-duty';
import { ON_DUTY_IDLE_MINUTES, ON_DUTY_STALE_SECONDS } from '@shared/providers/on-duty';

/**
 * Doctors on duty (issue 28 item 4) through real dashboard sockets: the heartbeat on the alert
 * connection, the count (each doctor once), the close that takes a doctor off duty at once, and
 * the public route. A stack of its own: the count is of every dashboard of the stack, so other
 * test files' doctors would change it; "older than 120 s" and "idle for 30 minutes" are asked
 * through the count's `now` instead of waited for.
 */
let stack: RunningStack;
let stop: () => Promise<void>;

beforeAll(async () => {
  // It also points this process's data layer (`countDoctorsOnDuty`) at its own table.
  ({ stack, stop } = await startOwnStack('on-duty'));
}, 120_000);
afterAll(async () => {
  await stop?.();
});

const MINUTE = 60_000;
/** Each test signs doctors in (a password and a TOTP code each): slow on a busy machine. */
const TEST_TIMEOUT_MS = 120_000;
/** How long a heartbeat or a close may take to show in the table. */
const SHOWS_WITHIN = { timeoutMs: 15_000 };

async function openDashboard(provider: SignedInProvider): Promise<AlertSocket> {
  return openAlertSocket(stack, await requestTicket(stack, provider));
}

function heartbeat(dashboard: AlertSocket, usedAt: Date = new Date()): void {
  dashboard.socket.send(JSON.stringify({ action: 'heartbeat', usedAt: usedAt.toISOString() }));
}

/** The provider's dashboards whose heartbeat the server recorded, once there are `count`. */
async function recordedBeats(provider: SignedInProvider, count: number) {
  return pollUntil(
    `${count} recorded heartbeat(s) of ${provider.id}`,
    async () => {
      const beats = (await dutySignals()).filter(
        (signal) => signal.providerId === provider.id && signal.heartbeatAt !== undefined,
      );
      return beats.length === count ? beats : undefined;
    },
    SHOWS_WITHIN,
  );
}

const waitForCount = (count: number) =>
  pollUntil(
    `${count} doctor(s) on duty`,
    async () => ((await countDoctorsOnDuty()) === count ? count : undefined),
    SHOWS_WITHIN,
  );

async function routeAnswer(): Promise<{ onDuty: number; cacheControl: string | null }> {
  const response = await appFetch(stack, pathOf(getDoctorsOnDuty, {}));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { onDuty: number };
  return { onDuty: body.onDuty, cacheControl: response.headers.get('cache-control') };
}

describe('doctors on duty', () => {
  it(
    'counts each doctor with a used dashboard once, and not after its tabs close',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      expect(await routeAnswer()).toMatchObject({ onDuty: 0 });
      const ada = await signInProvider(stack);
      const ben = await signInProvider(stack);

      // Open but silent: no heartbeat yet, no duty.
      const adaTab = await openDashboard(ada);
      await pollUntil(
        'the open dashboard listed',
        async () =>
          (await dutySignals()).some((signal) => signal.providerId === ada.id) ? true : undefined,
        SHOWS_WITHIN,
      );
      expect(await countDoctorsOnDuty()).toBe(0);

      heartbeat(adaTab);
      await recordedBeats(ada, 1);
      expect(await countDoctorsOnDuty()).toBe(1);

      // A second tab of the same doctor: still one doctor.
      const adaSecondTab = await openDashboard(ada);
      heartbeat(adaSecondTab);
      await recordedBeats(ada, 2);
      expect(await countDoctorsOnDuty()).toBe(1);

      const benTab = await openDashboard(ben);
      heartbeat(benTab);
      await recordedBeats(ben, 1);
      expect(await countDoctorsOnDuty()).toBe(2);

      // The public route says so, once its cached count has aged out.
      const answered = await pollUntil(
        'the route counts both',
        async () => {
          const answer = await routeAnswer();
          return answer.onDuty === 2 ? answer : undefined;
        },
        { timeoutMs: (DOCTORS_ON_DUTY_MAX_AGE_SECONDS + 10) * 1000, intervalMs: 500 },
      );
      expect(answered.cacheControl).toMatch(/^public, max-age=\d+$/);
      const maxAge = Number(/max-age=(\d+)/.exec(answered.cacheControl!)![1]);
      expect(maxAge).toBeLessThanOrEqual(DOCTORS_ON_DUTY_MAX_AGE_SECONDS);

      // Closing a tab deletes its connection: off duty at once when it was the last one.
      benTab.socket.close();
      await waitForCount(1);
      adaTab.socket.close();
      await recordedBeats(ada, 1);
      expect(await countDoctorsOnDuty()).toBe(1);
      adaSecondTab.socket.close();
      await waitForCount(0);
    },
  );

  it(
    'drops a dashboard nobody used for 30 minutes, or whose heartbeat is older than 120 s',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const cleo = await signInProvider(stack);
      const dan = await signInProvider(stack);
      const cleoTab = await openDashboard(cleo);
      const danTab = await openDashboard(dan);
      // Cleo's page was last used 29 minutes ago, Dan's 31 minutes ago.
      heartbeat(cleoTab, new Date(Date.now() - (ON_DUTY_IDLE_MINUTES - 1) * MINUTE));
      heartbeat(danTab, new Date(Date.now() - (ON_DUTY_IDLE_MINUTES + 1) * MINUTE));
      await recordedBeats(cleo, 1);
      await recordedBeats(dan, 1);
      expect(await countDoctorsOnDuty()).toBe(1);

      // Dan uses the page again: on duty.
      heartbeat(danTab);
      await waitForCount(2);
      const [danBeat] = await recordedBeats(dan, 1);
      // A tab that died without a close sends no more heartbeats: 120 s after Dan's last one
      // Dan still counts (and Cleo, idle by then, not); a moment later nobody does.
      const lastBeatAt = Date.parse(danBeat!.heartbeatAt!);
      const staleAfter = ON_DUTY_STALE_SECONDS * 1000;
      expect(await countDoctorsOnDuty(new Date(lastBeatAt + staleAfter))).toBe(1);
      expect(await countDoctorsOnDuty(new Date(lastBeatAt + staleAfter + 1))).toBe(0);

      cleoTab.socket.close();
      danTab.socket.close();
      await waitForCount(0);
    },
  );

  it(
    "keeps a page's claim of its last use no later than the server's clock",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const eve = await signInProvider(stack);
      const eveTab = await openDashboard(eve);
      heartbeat(eveTab, new Date(Date.now() + 24 * 60 * MINUTE));
      const [beat] = await recordedBeats(eve, 1);
      expect(Date.parse(beat!.usedAt!)).toBeLessThanOrEqual(Date.parse(beat!.heartbeatAt!));
      eveTab.socket.close();
      await waitForCount(0);
    },
  );
});
