import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonStore } from './store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-stripe-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('JsonStore', () => {
  it('starts empty when the file is missing, creating parent folders on save', async () => {
    const file = join(dir, 'nested', 'stripe.json');
    const store = await JsonStore.open(file);
    expect(store.data.sessions).toEqual({});
    await store.save();
    expect(await readdir(join(dir, 'nested'))).toEqual(['stripe.json']);
  });

  it('keeps what was saved across reopen, leaving no temporary files', async () => {
    const file = join(dir, 'stripe.json');
    const store = await JsonStore.open(file);
    store.data.refunds.re_1 = {
      id: 're_1',
      created: 1,
      amount: 299,
      currency: 'usd',
      payment_intent: 'pi_1',
      charge: 'ch_1',
      reason: null,
      metadata: {},
    };
    await Promise.all([store.save(), store.save(), store.save()]);
    const reopened = await JsonStore.open(file);
    expect(reopened.data.refunds.re_1?.amount).toBe(299);
    expect(await readdir(dir)).toEqual(['stripe.json']);
  });

  it('loads a data file written before manual capture, as the captured payments they were', async () => {
    const file = join(dir, 'stripe.json');
    const session = {
      id: 'cs_test_old',
      created: 100,
      expires_at: 86_500,
      status: 'complete',
      payment_status: 'paid',
      ui_mode: 'hosted_page',
      currency: 'usd',
      amount_total: 299,
      line_items: [{ name: 'Visit', currency: 'usd', unit_amount: 299, quantity: 1 }],
      client_reference_id: 'case-1',
      client_secret: null,
      customer_email: null,
      metadata: {},
      success_url: 'http://app.test/ok',
      cancel_url: null,
      return_url: null,
      redirect_on_completion: null,
      payment_intent: 'pi_test_old',
      payment_intent_data: { description: null, metadata: {} },
      customer_details: { email: 'p@example.com', name: 'Pat' },
    };
    const intent = {
      id: 'pi_test_old',
      created: 200,
      amount: 299,
      amount_refunded: 0,
      currency: 'usd',
      description: null,
      metadata: {},
      checkout_session: 'cs_test_old',
      latest_charge: 'ch_test_old',
      card: { brand: 'visa', last4: '4242' },
    };
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        sessions: { [session.id]: session },
        paymentIntents: { [intent.id]: intent },
        refunds: {},
        events: {},
      }),
    );
    const store = await JsonStore.open(file);
    expect(store.data.sessions.cs_test_old?.payment_intent_data.capture_method).toBe('automatic');
    expect(store.data.paymentIntents.pi_test_old).toEqual({
      ...intent,
      capture_method: 'automatic',
      status: 'succeeded',
      amount_capturable: 0,
      amount_received: 299,
      canceled_at: null,
      cancellation_reason: null,
    });
  });

  it('refuses a file that is not its JSON', async () => {
    const file = join(dir, 'stripe.json');
    await writeFile(file, '{not json');
    await expect(JsonStore.open(file)).rejects.toThrow(/not valid JSON/);
    await writeFile(file, JSON.stringify({ version: 1, sessions: [] }));
    await expect(JsonStore.open(file)).rejects.toThrow(/unexpected shape/);
  });
});
