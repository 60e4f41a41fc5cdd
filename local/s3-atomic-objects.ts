import { Readable } from 'node:stream';
import type S3rver from 's3rver';

type Store = S3rver['store'];

/**
 * S3 writes an object whole: a reader sees the old object or the new one, never a part of
 * either. s3rver's filesystem store writes in place: a copy truncates the file and fills it,
 * and the metadata is a second file written after it. A read of a key beside a write of the same
 * key could see an empty object, and the upload check refused a good image when a browser
 * confirmed one upload twice at once (both calls copy it to the same final key, then read it).
 *
 * This makes each object call wait for the calls on the same key before it, so a write is whole
 * before anyone reads, and a read takes all its bytes before the next write starts (objects here
 * are at most a few megabytes). Calls on other keys run as before. The metadata calls are left
 * alone: the store makes them itself, inside the calls wrapped here, and waiting on the key there
 * would wait on the very call that makes them.
 */
export function makeObjectsAtomic(store: Store): void {
  const tails = new Map<string, Promise<unknown>>();

  /** Runs `work` once every earlier call on these keys has settled. */
  function onKeys<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    const before = unique.map((key) => tails.get(key) ?? Promise.resolve());
    const result = Promise.allSettled(before).then(work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    for (const key of unique) {
      tails.set(key, settled);
      void settled.then(() => {
        if (tails.get(key) === settled) tails.delete(key);
      });
    }
    return result;
  }

  const objectKey = (bucket: string, key: string) => `${bucket}/${key}`;
  const original = {
    existsObject: store.existsObject.bind(store),
    getObject: store.getObject.bind(store),
    putObject: store.putObject.bind(store),
    copyObject: store.copyObject.bind(store),
    deleteObject: store.deleteObject.bind(store),
  };

  store.existsObject = (bucket, key) =>
    onKeys([objectKey(bucket, key)], () => original.existsObject(bucket, key));
  store.deleteObject = (bucket, key) =>
    onKeys([objectKey(bucket, key)], () => original.deleteObject(bucket, key));
  store.putObject = (object) =>
    onKeys([objectKey(object.bucket, object.key)], () => original.putObject(object));
  store.copyObject = (srcBucket, srcKey, destBucket, destKey, ...rest) =>
    onKeys([objectKey(srcBucket, srcKey), objectKey(destBucket, destKey)], () =>
      original.copyObject(srcBucket, srcKey, destBucket, destKey, ...rest),
    );
  // The store answers a stream that is read after it returns: read it whole inside the turn.
  store.getObject = (bucket, key, options) =>
    onKeys([objectKey(bucket, key)], async () => {
      const object = await original.getObject(bucket, key, options);
      if (object?.content) {
        const chunks: Buffer[] = [];
        for await (const chunk of object.content) chunks.push(Buffer.from(chunk as Buffer));
        object.content = Readable.from([Buffer.concat(chunks)]);
      }
      return object;
    });
}
