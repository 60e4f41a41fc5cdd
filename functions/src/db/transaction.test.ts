import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { cancellationReasons } from './transaction';

const cancelled = (codes: (string | undefined)[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('cancellationReasons', () => {
  it('answers one code per item, in item order, None where the item was fine', () => {
    expect(cancellationReasons(cancelled(['None', 'ConditionalCheckFailed', undefined]))).toEqual([
      'None',
      'ConditionalCheckFailed',
      'None',
    ]);
  });

  it('answers null for any other error, which the caller rethrows', () => {
    expect(cancellationReasons(new Error('network'))).toBeNull();
    expect(cancellationReasons('nope')).toBeNull();
  });
});
