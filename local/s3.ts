import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { makeObjectsAtomic } from './s3-atomic-objects';
import { serverEnded } from './supervisor';

/**
 * s3rver stands in for S3. Browsers upload with presigned POSTs from the app's origin, so the
 * uploads bucket allows cross-origin POST/GET/PUT like the cloud bucket's CORS rule.
 */
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 {
  endpoint: string;
  /** Settles when its server closes. */
  ended: Promise<string>;
  stop(): Promise<void>;
}

export async function startLocalS3(options: {
  port: number;
  dataDir: string;
  bucket: string;
}): Promise<LocalS3> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration] }],
  });
  makeObjectsAtomic(server.store);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    ended: server.httpServer ? serverEnded(server.httpServer) : new Promise(() => undefined),
    stop: () => {
      server.httpServer?.closeAllConnections();
      return server.close();
    },
  };
}
