import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe (DESIGN.md §6). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up by hash, so a table dump holds no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
