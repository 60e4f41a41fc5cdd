import { describe, expect, it } from 'vitest';
import { claimCase } from '#local/testing/consultation-journey';
import { E2E_MEETING_DURATION_SECONDS } from '#local/testing/global-setup';
import { caseStatus, newPaidCaseId, patientVisitLink } from '#local/testing/patient-journey';
import { signInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { expectNoAxeViolations, opensTab, signInOnDashboard } from './browser';
import { countdownTarget, launchCallBrowser, newCallPage, waitForRemoteFrames } from './call';
import { useBrowser } from './use-browser';

/**
 * Issue 9: the whole consultation as its two users live it, on the e2e stack whose meetings
 * last `E2E_MEETING_DURATION_SECONDS` (20 s), over real WebRTC between two Chromium contexts in
 * the loopback-only namespace. The doctor starts from the dashboard, the patient joins from the
 * visit page; the end comes from the server's clock, and the patient lands on feedback.
 */
const stack = useTestStack();
const browser = useBrowser(launchCallBrowser);

const url = (path: string) => `${stack.appUrl}${path}`;

describe('a consultation from start to feedback', () => {
  it('connects both rooms, ends on the server clock and takes the rating', async () => {
    const provider = await signInProvider(stack);
    const caseId = await newPaidCaseId(stack);

    // The patient waits in the room before the doctor starts: the start reaches them live.
    const visit = await newCallPage(browser());
    // The patient's private visit link: the key in the fragment (docs/adr/0012).
    await visit.goto(patientVisitLink(stack, caseId));
    const joinVideoCall = visit.getByRole('button', { name: 'Join Video Call' });
    await expect.poll(() => joinVideoCall.isEnabled()).toBe(true);
    const patientRoom = await opensTab(visit.context(), () => joinVideoCall.click());
    await patientRoom.getByText('The doctor has not started the consultation yet.').waitFor();
    await expectNoAxeViolations(patientRoom);

    // The doctor claims (the e2e stack's claim lease is short, so only now) and starts from the
    // case card: the tab opens in the click, goes to the room once the case is read, and the
    // room starts the timer (issue 27 item 5).
    await claimCase(stack, provider, caseId);
    // The doctor's dashboard, signed in with their own password (the first change is done).
    const dashboard = await newCallPage(browser());
    await signInOnDashboard(dashboard, stack, provider);
    await dashboard.getByRole('tab', { name: 'My Active' }).click();
    const card = dashboard.locator(`[data-case-id="${caseId}"]`);
    const providerRoom = await opensTab(dashboard.context(), () =>
      card.getByRole('button', { name: 'Start Call' }).click(),
    );
    await providerRoom.waitForURL((address) => address.pathname.startsWith('/room/'));
    expect(new URL(providerRoom.url()).searchParams.get('case_id')).toBe(caseId);
    // The room has no way back to the dashboard (the opener was cut before it loaded).
    expect(await providerRoom.evaluate(() => window.opener === null)).toBe(true);

    await Promise.all([waitForRemoteFrames(providerRoom), waitForRemoteFrames(patientRoom)]);
    await expectNoAxeViolations(providerRoom);

    // One clock: both rooms count down to the server's endsAt.
    const status = await caseStatus(stack, caseId);
    expect(status.status).toBe('in_call');
    const endsAt = status.meeting?.endsAt;
    const startedAt = status.meeting?.startedAt;
    expect(endsAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Date.parse(endsAt!) - Date.parse(startedAt!)).toBe(E2E_MEETING_DURATION_SECONDS * 1000);
    expect(await countdownTarget(providerRoom)).toBe(endsAt);
    expect(await countdownTarget(patientRoom)).toBe(endsAt);
    await expect.poll(() => visit.getByText('Consultation Active').count()).toBeGreaterThan(0);

    // The end: both rooms close, the case is completed, the visit page moves to feedback.
    const ended = { timeout: (E2E_MEETING_DURATION_SECONDS + 30) * 1000 };
    await Promise.all([
      providerRoom.getByRole('heading', { name: 'Consultation Ended' }).waitFor(ended),
      patientRoom.getByRole('heading', { name: 'Consultation Ended' }).waitFor(ended),
    ]);
    await expect.poll(async () => (await caseStatus(stack, caseId)).status).toBe('completed');
    await visit.waitForURL(url(`/feedback/${caseId}`), ended);

    await visit.getByRole('heading', { name: 'How Was Your Consultation?' }).waitFor();
    await expectNoAxeViolations(visit);
    const submit = visit.getByRole('button', { name: /Submit/ });
    expect(await submit.isDisabled()).toBe(true);
    // The fifth star, clicked as a patient clicks it (the radio itself is visually hidden).
    const excellent = visit.getByRole('radio', { name: '5 Excellent' });
    await visit.locator('label', { has: excellent }).click();
    expect(await excellent.isChecked()).toBe(true);
    await visit.getByTestId('rating-label').getByText('Excellent').waitFor();
    await visit.getByLabel(/Comments/).fill('Clear advice, thank you.');
    await submit.click();
    await visit.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await visit.getByText('Feedback Submitted').waitFor();
    await expectNoAxeViolations(visit);
  }, 180_000);
});
