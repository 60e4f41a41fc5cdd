import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from './client';
import { keys } from './keys';

/** A verified provider (spec doc 2 §3: Provider and Verified provider, one record). */
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
});
export type ProviderRecord = z.infer<typeof providerRecordSchema>;

/** The provider's sign-in (scrypt hash), stored under the email so emails are unique. */
export const providerLoginSchema = z.object({
  providerId: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  isActive: z.boolean(),
});
export type ProviderLogin = z.infer<typeof providerLoginSchema>;

export async function getProvider(providerId: string): Promise<ProviderRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.provider(providerId) }),
  );
  return Item ? providerRecordSchema.parse(Item) : null;
}

/** Access pattern: provider sign-in by email (login, check-email). */
export async function getProviderLogin(email: string): Promise<ProviderLogin | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.providerLogin(email),
      ConsistentRead: true,
    }),
  );
  return Item ? providerLoginSchema.parse(Item) : null;
}
