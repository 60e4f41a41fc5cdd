import type { FrameLocator, Page } from 'playwright-core';

/** Fills the local Stripe checkout form (hosted page or embedded frame) and pays. */
export async function payOnCheckout(form: Page | FrameLocator, card: string): Promise<void> {
  await form.getByLabel('Email').fill('patient@example.org');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ada Patient');
  await form.getByRole('button', { name: /^Pay/ }).click();
}
