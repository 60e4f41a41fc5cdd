import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { env } from '#core/env';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB per hash), stored as
 * `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes.
 */
const PRODUCTION_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * The cost of a new hash: production's, but on a test stack that lowers it
 * (`PASSWORD_HASH_LOG_N`, never in Lambda). A check always uses the cost stored in the hash.
 */
function newHashParams(): { N: number; r: number; p: number } {
  return { N: 2 ** (env.passwordHashLogN ?? PRODUCTION_LOG_N), r: R, p: P };
}

function derive(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  const maxmem = 256 * options.N * options.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = newHashParams();
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
