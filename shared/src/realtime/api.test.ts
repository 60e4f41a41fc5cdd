import { describe, expect, it } from 'vitest';
import {
  caseAlertSchema,
  caseUpdatedMessageSchema,
  queueMovedMessageSchema,
  realtimeUrl,
  serverMessageSchema,
} from './api';

describe('realtimeUrl', () => {
  it('uses the secure scheme on https pages and the same host', () => {
    expect(realtimeUrl('https://app.example.org', 'abc')).toBe(
      'wss://app.example.org/ws?ticket=abc',
    );
    expect(realtimeUrl('http://localhost:3000', 'abc')).toBe('ws://localhost:3000/ws?ticket=abc');
  });

  it('encodes the ticket', () => {
    expect(realtimeUrl('http://localhost:3000', 'a+b/c=')).toBe(
      'ws://localhost:3000/ws?ticket=a%2Bb%2Fc%3D',
    );
  });
});

describe('caseAlertSchema', () => {
  it('reads the alert message of spec doc 2 §3 and refuses other types', () => {
    const alert = { type: 'CASE_PAID_READY', case: { id: 'c1', triageSummary: 'Cough' } };
    expect(caseAlertSchema.parse(alert)).toEqual(alert);
    expect(caseAlertSchema.safeParse({ ...alert, type: 'CASE_CLAIMED' }).success).toBe(false);
  });
});

describe('caseUpdatedMessageSchema', () => {
  it('reads CASE_UPDATED with or without a status, and refuses an unknown status', () => {
    const update = { type: 'CASE_UPDATED', caseId: 'c1', status: 'in_call' };
    expect(caseUpdatedMessageSchema.parse(update)).toEqual(update);
    expect(serverMessageSchema.parse(update)).toEqual(update);
    expect(caseUpdatedMessageSchema.parse({ type: 'CASE_UPDATED', caseId: 'c1' })).toEqual({
      type: 'CASE_UPDATED',
      caseId: 'c1',
    });
    expect(caseUpdatedMessageSchema.safeParse({ ...update, status: 'lost' }).success).toBe(false);
  });
});

describe('queueMovedMessageSchema', () => {
  it("reads QUEUE_MOVED with the receiving case's id and new wait, as a server message", () => {
    const wait = {
      place: 1,
      aheadInQueue: 0,
      doctorsOnDuty: 2,
      estimate: { lowMinutes: 0, highMinutes: 11 },
      waitPromiseMinutes: 30,
    };
    const moved = { type: 'QUEUE_MOVED', caseId: 'c1', wait };
    expect(queueMovedMessageSchema.parse(moved)).toEqual(moved);
    expect(serverMessageSchema.parse(moved)).toEqual(moved);
    expect(queueMovedMessageSchema.safeParse({ type: 'QUEUE_MOVED', caseId: 'c1' }).success).toBe(
      false,
    );
  });
});
