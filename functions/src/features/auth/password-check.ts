import { hashPassword, verifyPassword } from '#lib/auth/passwords';

/** Hash of nothing anyone knows: unknown accounts cost the same scrypt work as known ones. */
let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash, or against a decoy when there is no account, so
 * response times do not tell which usernames or emails exist.
 */
export async function checkPassword(password: string, storedHash: string | null): Promise<boolean> {
  if (storedHash) return verifyPassword(password, storedHash);
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(password, await decoyHash);
  return false;
}
