import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { randomToken } from './ids';
import { emptyStoreData, storeDataSchema, type StoreData } from './records';

/**
 * The data file: one JSON document, loaded once and rewritten after every change. Writes are
 * atomic (temporary file, fsync, rename) and serialised; saves asked for while a write is queued
 * share it.
 */
export class JsonStore {
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  private constructor(
    readonly file: string,
    readonly data: StoreData,
  ) {}

  static async open(file: string): Promise<JsonStore> {
    return new JsonStore(file, await load(file));
  }

  save(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.writing
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.write();
      });
    this.queued = next;
    this.writing = next;
    return next;
  }

  /** Resolves when every save asked for so far has finished (errors are the savers' business). */
  async flush(): Promise<void> {
    await this.writing.catch(() => undefined);
  }

  private async write(): Promise<void> {
    const json = `${JSON.stringify(this.data, null, 2)}\n`;
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.${randomToken(8)}.tmp`;
    try {
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(json, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.file);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }
}

async function load(file: string): Promise<StoreData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyStoreData();
    throw error;
  }
  if (text.trim() === '') return emptyStoreData();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Local Stripe data file ${file} is not valid JSON: ${String(error)}`);
  }
  const parsed = storeDataSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `Local Stripe data file ${file} has an unexpected shape (delete it to start empty):\n` +
        z.prettifyError(parsed.error),
    );
  }
  return parsed.data;
}
