import { describe, expect, it } from 'vitest';
import { applicationRefSchema } from './application-ref';

describe("application ref (the admin routes' {id})", () => {
  it.each([
    [
      '7B0E6F4E-3C1A-4D38-9A51-2F6C0D9E8A11',
      { kind: 'id', id: '7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11' },
    ],
    [
      ' 7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11 ',
      { kind: 'id', id: '7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a11' },
    ],
    ['APP-K7QF-29XM', { kind: 'applicationId', applicationId: 'K7QF-29XM' }],
    ['k7qf-29xm', { kind: 'applicationId', applicationId: 'K7QF-29XM' }],
    ['DEMO-0001', { kind: 'applicationId', applicationId: 'DEMO-0001' }],
  ])('reads %j', (raw, expected) => {
    expect(applicationRefSchema.parse(raw)).toEqual(expected);
  });

  it.each([
    ['', 'Please enter your application ID'],
    ['not an id!', 'Please enter a valid application ID'],
    ['7b0e6f4e-3c1a-4d38-9a51-2f6c0d9e8a1', 'Please enter a valid application ID'],
    ['x'.repeat(40), 'Please enter a valid application ID'],
  ])('refuses %j with %j', (raw, message) => {
    const parsed = applicationRefSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
