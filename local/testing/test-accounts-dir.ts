import { mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The network namespace this process runs in (`net:[4026531840]` → `4026531840`). `npm test`
 * runs the end-to-end suites each in a namespace of its own, beside integration in the host's:
 * their stacks can listen on the same port number at once.
 */
function networkNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/net'))?.[1] ?? 'host';
  } catch {
    return 'host';
  }
}

/**
 * Where a worker keeps what its next test file must know of a stack's accounts (the TOTP steps
 * it used, whose turn it is among its admins): each test file starts with fresh modules. Under
 * the temporary directory, per stack (its network namespace and port); removed when the stack
 * stops.
 */
export function stepsDirOf(stack: { appUrl: string }): string {
  const stackKey = `${networkNamespace()}-${new URL(stack.appUrl).port}`;
  return path.join(os.tmpdir(), 'telehealth-totp-steps', stackKey);
}

/** A number kept in `file` by an earlier test file of the worker, or `fallback` if none is. */
export function readKeptNumber(file: string, fallback: number): number {
  try {
    const kept = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(kept) ? kept : fallback;
  } catch {
    return fallback;
  }
}

/** Keeps a number in `file` for the worker's next test file. */
export function keepNumber(file: string, value: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(value));
}
