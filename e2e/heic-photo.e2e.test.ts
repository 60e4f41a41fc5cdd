import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claimCase } from '#local/testing/consultation-journey';
import { createCaseA, payForCase } from '#local/testing/patient-journey';
import { signInProvider } from '#local/testing/provider-journey';
import { useTestStack } from '#local/testing/stack-context';
import { newPage, signInOnDashboard } from './browser';
import { useBrowser } from './use-browser';

/**
 * Issue 27 item 6 in Chromium: an iPhone photo (HEIC) the patient sent is shown to the doctor
 * who claimed the case. Chromium cannot show HEIC, so before the viewer converted it the dialog
 * said 'Preview not available'. The fixture is a real HEIC (HEVC-coded, 160×120), see
 * e2e/fixtures/README.md.
 */
const HEIC = readFileSync(new URL('./fixtures/rash-160x120.heic', import.meta.url));

const stack = useTestStack();
const browser = useBrowser();

describe("the patient's iPhone photo in the doctor's case dialog", () => {
  it('is converted in the page and shown as an image', async () => {
    const created = await createCaseA(
      stack,
      { name: 'Ada Patient', triageSummary: 'A rash on the arm', email: 'ada@example.org' },
      [{ field: 'images', name: 'IMG_0001.HEIC', type: 'image/heic', bytes: new Uint8Array(HEIC) }],
    );
    expect(created.status).toBe(201);
    const { caseId } = (await created.json()) as { caseId: string };
    await payForCase(stack, caseId);
    const provider = await signInProvider(stack);
    const page = await newPage(browser());
    await signInOnDashboard(page, stack, provider);
    // The e2e stack's claim lease is short (20 s): claim only once signed in, then read anew.
    await claimCase(stack, provider, caseId);
    await page.reload();
    await page.getByRole('tab', { name: 'My Active' }).click();
    await page.getByRole('button', { name: `View case ${caseId.slice(0, 8)}` }).click();
    const details = page.getByRole('dialog', { name: `Case #${caseId.slice(0, 8)}` });
    await details.getByRole('button', { name: /IMG_0001\.HEIC/ }).click();

    const viewer = page.getByRole('dialog', { name: 'IMG_0001.HEIC' });
    const photo = viewer.getByRole('img', { name: 'IMG_0001.HEIC' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(160);
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(120);
    expect(await viewer.getByText('Preview not available').count()).toBe(0);
    expect(await viewer.getByRole('alert').count()).toBe(0);
    await page.close();
  }, 120_000);
});
