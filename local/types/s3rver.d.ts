// s3rver ships no type definitions; this covers the part the local stack uses.
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    port?: number;
    address?: string;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  /** An object as the store answers it: `content` is a stream of its bytes, or null. */
  interface S3rverObject {
    content: NodeJS.ReadableStream | null;
  }
  /** The store's calls on objects; each names its bucket and key (`putObject`: in the object). */
  interface S3rverStore {
    existsObject(bucket: string, key: string): Promise<boolean>;
    getObject(bucket: string, key: string, options?: unknown): Promise<S3rverObject | null>;
    putObject(object: { bucket: string; key: string }): Promise<unknown>;
    copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      ...rest: unknown[]
    ): Promise<unknown>;
    deleteObject(bucket: string, key: string): Promise<unknown>;
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    /** The listening server once `run()` has resolved. */
    httpServer?: Server;
    /** The filesystem store every request goes through (local/s3-atomic-objects.ts wraps it). */
    store: S3rverStore;
    close(): Promise<void>;
  }
}
