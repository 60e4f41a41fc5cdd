import * as z from 'zod';
import { itemRead, readItems, type ItemsRead } from './item-reads';
import { type ItemKey } from './keys';
import { parseStored } from './records';
import { batchGet, IF_EXISTS } from './table';
import { newItemTx, updateTx, type TransactItem } from './transaction';

/** A verified provider (spec doc 2 §3: Provider and Verified provider, one record). */
export const PROVIDER_ENTITY = 'Provider';
const entity = { tag: PROVIDER_ENTITY };

export const PROVIDER_PREFIX = 'PROVIDER#';
export const providerKey = (providerId: string): ItemKey => ({
  pk: `${PROVIDER_PREFIX}${providerId}`,
  sk: 'PROVIDER',
});

export const providerRecordSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  licenseNumber: z.string(),
  licenseState: z.string(),
  credentials: z.string(),
  specialization: z.string(),
  yearsExperience: z.number().int(),
  hospitalAffiliation: z.string(),
  boardCertifications: z.array(z.string()),
  availability: z.string(),
  status: z.string(),
  verificationStatus: z.literal('approved'),
  isApproved: z.boolean(),
  isActive: z.boolean(),
  signupDate: z.string(),
  approvedAt: z.string(),
  approvedBy: z.string(),
  lastActive: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The sign-in's `credentialsVersion` (`db/provider-logins.ts`; issue 25, review L4), mirrored
   * here because every provider request reads this item and never the one holding the hash.
   */
  credentialsVersion: z.number().int().nonnegative().default(0),
});
export type ProviderRecord = z.output<typeof providerRecordSchema>;

/** The provider by id, as a read that may share a request (db/item-reads.ts). */
export function providerRead(providerId: string): ItemsRead<ProviderRecord | null> {
  return itemRead(providerKey(providerId), (item) =>
    item ? parseStored(providerRecordSchema, entity, item) : null,
  );
}

export function getProvider(providerId: string): Promise<ProviderRecord | null> {
  return readItems(providerRead(providerId));
}

/** Access pattern: many providers by id (the alert fan-out re-checks that each is active). */
export async function getProviders(providerIds: string[]): Promise<ProviderRecord[]> {
  const items = await batchGet(providerIds.map(providerKey));
  return items.map((item) => parseStored(providerRecordSchema, entity, item));
}

export function providerTx(provider: ProviderRecord): TransactItem {
  return newItemTx({ ...providerKey(provider.id), entity: PROVIDER_ENTITY, ...provider });
}

/** The provider's copy of a changed password's `credentialsVersion`, in the change's transaction. */
export function providerCredentialsVersionTx(providerId: string, version: number): TransactItem {
  return updateTx(providerKey(providerId), {
    UpdateExpression: 'SET credentialsVersion = :version',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':version': version },
  });
}

/** (De)activates an existing provider inside a review's transaction. */
export function providerActiveTx(providerId: string, active: boolean): TransactItem {
  return updateTx(providerKey(providerId), {
    UpdateExpression: 'SET isActive = :active',
    ConditionExpression: IF_EXISTS,
    ExpressionAttributeValues: { ':active': active },
  });
}
