import { HeadObjectCommand, NotFound, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restoreEnv, stubEnv } from '#testing/env';
import { storedObjectSize } from './storage';

const s3 = mockClient(S3Client);

/** An error as the SDK builds it from a HEAD answer, which has no body: named by its status. */
function headError(name: string, status: number): S3ServiceException {
  return new S3ServiceException({
    name,
    $fault: 'client',
    $metadata: { httpStatusCode: status },
    message: 'UnknownError',
  });
}

beforeAll(() => stubEnv({ UPLOADS_BUCKET: 'telehealth-test-uploads' }));
afterAll(restoreEnv);
beforeEach(() => {
  s3.reset();
});

describe('storedObjectSize', () => {
  it('answers the size of a stored object', async () => {
    s3.on(HeadObjectCommand).resolves({ ContentLength: 1234 });
    expect(await storedObjectSize('pending/cases/a/b')).toBe(1234);
  });

  it('answers null for a missing object (404, as s3rver and a listing caller see it)', async () => {
    s3.on(HeadObjectCommand).rejects(
      new NotFound({ $metadata: { httpStatusCode: 404 }, message: 'NotFound' }),
    );
    expect(await storedObjectSize('pending/cases/a/b')).toBeNull();
  });

  it('answers null for a missing object in AWS, where a role without ListBucket gets 403', async () => {
    s3.on(HeadObjectCommand).rejects(headError('Forbidden', 403));
    expect(await storedObjectSize('pending/cases/a/b')).toBeNull();
  });

  it('passes any other failure on (a dependency failure is a 503, not "not uploaded")', async () => {
    s3.on(HeadObjectCommand).rejects(headError('InternalError', 500));
    await expect(storedObjectSize('pending/cases/a/b')).rejects.toThrow(S3ServiceException);
    s3.on(HeadObjectCommand).rejects(headError('AccessDenied', 403));
    await expect(storedObjectSize('pending/cases/a/b')).rejects.toThrow(S3ServiceException);
  });
});
