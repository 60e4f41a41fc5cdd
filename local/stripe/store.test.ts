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

  it('refuses a file that is not its JSON', async () => {
    const file = join(dir, 'stripe.json');
    await writeFile(file, '{not json');
    await expect(JsonStore.open(file)).rejects.toThrow(/not valid JSON/);
    await writeFile(file, JSON.stringify({ version: 1, sessions: [] }));
    await expect(JsonStore.open(file)).rejects.toThrow(/unexpected shape/);
  });
});
