import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
