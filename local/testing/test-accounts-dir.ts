import os from 'node:os';
import path from 'node:path';

/**
 * Where a worker keeps what its next test file must know of a stack's accounts (the TOTP steps
 * it used, whose turn it is among its admins): each test file starts with fresh modules. Under
 * the temporary directory, per stack (its port); removed when the stack stops.
 */
export function stepsDirOf(stack: { appUrl: string }): string {
  return path.join(os.tmpdir(), 'telehealth-totp-steps', new URL(stack.appUrl).port);
}
