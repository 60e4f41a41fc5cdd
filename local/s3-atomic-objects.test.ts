import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type S3rver from 's3rver';
import { makeObjectsAtomic } from './s3-atomic-objects';

type Store = S3rver['store'];

/** Lets every pending promise callback run: a write in place takes a few of these. */
const turns = async (count: number) => {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
};

/**
 * A store that writes in place as s3rver's does: a copy first empties the destination, then
 * fills it a few turns later. Reads answer what is there at that moment.
 */
function inPlaceStore() {
  const files = new Map<string, string>();
  const at = (bucket: string, key: string) => `${bucket}/${key}`;
  const store: Store = {
    existsObject: async (bucket, key) => Promise.resolve(files.has(at(bucket, key))),
    // Like a file stream, the bytes are read after the call returns.
    getObject: async (bucket, key) => {
      if (!files.has(at(bucket, key))) return Promise.resolve(null);
      async function* bytes() {
        await turns(1);
        yield files.get(at(bucket, key)) ?? '';
      }
      return Promise.resolve({ content: Readable.from(bytes()) });
    },
    putObject: async ({ bucket, key }) => {
      files.set(at(bucket, key), '');
      await turns(5);
      files.set(at(bucket, key), 'put');
    },
    copyObject: async (srcBucket, srcKey, destBucket, destKey) => {
      files.set(at(destBucket, destKey), '');
      await turns(5);
      files.set(at(destBucket, destKey), files.get(at(srcBucket, srcKey)) ?? '');
    },
    deleteObject: async (bucket, key) => Promise.resolve(files.delete(at(bucket, key))),
  };
  return { store, files };
}

async function textOf(object: Awaited<ReturnType<Store['getObject']>>): Promise<string | null> {
  if (!object?.content) return null;
  let text = '';
  for await (const chunk of object.content) text += String(chunk);
  return text;
}

describe('atomic objects on the local S3 stand-in', () => {
  it('without it, a read beside a copy to the same key sees the emptied object (the race)', async () => {
    const { store, files } = inPlaceStore();
    files.set('b/pending', 'image bytes');
    const copy = store.copyObject('b', 'pending', 'b', 'final');
    expect(await textOf(await store.getObject('b', 'final'))).toBe('');
    await copy;
  });

  it('a read issued during a copy to its key answers the whole copy', async () => {
    const { store, files } = inPlaceStore();
    makeObjectsAtomic(store);
    files.set('b/pending', 'image bytes');
    const copies = [
      store.copyObject('b', 'pending', 'b', 'final'),
      store.copyObject('b', 'pending', 'b', 'final'),
    ];
    const read = store.getObject('b', 'final');
    expect(await textOf(await read)).toBe('image bytes');
    await Promise.all(copies);
  });

  it('takes the bytes of a read before the next write of the key starts', async () => {
    const { store, files } = inPlaceStore();
    makeObjectsAtomic(store);
    files.set('b/final', 'first');
    const read = store.getObject('b', 'final');
    const write = store.putObject({ bucket: 'b', key: 'final' });
    const object = await read;
    await write;
    expect(files.get('b/final')).toBe('put');
    expect(await textOf(object)).toBe('first');
  });

  it('lets calls on other keys run at once, and goes on after a call fails', async () => {
    const { store, files } = inPlaceStore();
    store.deleteObject = () => Promise.reject(new Error('disk full'));
    makeObjectsAtomic(store);
    files.set('b/one', 'one');
    await expect(store.deleteObject('b', 'one')).rejects.toThrow('disk full');
    const slowWrite = store.putObject({ bucket: 'b', key: 'two' });
    // Another key is not held up by the write of 'two'.
    expect(await store.existsObject('b', 'one')).toBe(true);
    expect(files.get('b/two')).toBe('');
    await slowWrite;
    expect(await textOf(await store.getObject('b', 'one'))).toBe('one');
  });
});
