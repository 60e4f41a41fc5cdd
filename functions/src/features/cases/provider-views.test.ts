import { afterEach, describe, expect, it } from 'vitest';
import { claimMessages, providerCaseMessages } from '@shared/cases/provider-case';
import type { CaseBundle } from '#db/cases/bundle';
import type { CaseRecord } from '#db/cases/record';
import type { MeetingRecord } from '#db/meetings';
import { paidCaseRecord } from '#testing/cases';
import { restoreEnv, stubEnv } from '#testing/env';
import { claimLeaseLapsed, effectiveCase, leaseEndFor } from './claim-lease';
import { readableSummary, toProviderCaseDetails, toProviderCaseSummary } from './provider-views';
import { claimRefusal } from './transitions';

const now = new Date('2026-11-25T12:00:00.000Z');
const minutesFromNow = (minutes: number) =>
  new Date(now.getTime() + minutes * 60_000).toISOString();

const caseRecord = (overrides: Partial<CaseRecord> = {}) =>
  paidCaseRecord(minutesFromNow(-20), { triageSummary: 'Urgent: chest pain', ...overrides });

const claimedBy = (providerId: string, leaseEndsInMinutes: number) =>
  caseRecord({
    status: 'claimed',
    claimedBy: providerId,
    claimedByName: 'Dr. Who',
    claimedAt: minutesFromNow(-5),
    leaseEndsAt: minutesFromNow(leaseEndsInMinutes),
  });

afterEach(restoreEnv);

describe('the claim lease (DESIGN.md §5)', () => {
  it('ends CLAIM_LEASE_SECONDS after the claim, 600 s unless set', () => {
    expect(leaseEndFor(now).toISOString()).toBe(minutesFromNow(10));
    stubEnv({ CLAIM_LEASE_SECONDS: '30' });
    expect(leaseEndFor(now).toISOString()).toBe(new Date(now.getTime() + 30_000).toISOString());
    expect(leaseEndFor(now, 1).getTime()).toBe(now.getTime() + 1000);
  });

  it('lapses at the lease end, only for a claimed case', () => {
    expect(claimLeaseLapsed(claimedBy('a', 1), now)).toBe(false);
    expect(claimLeaseLapsed(claimedBy('a', 0), now)).toBe(true);
    expect(claimLeaseLapsed(claimedBy('a', -1), now)).toBe(true);
    expect(claimLeaseLapsed({ ...claimedBy('a', -1), status: 'in_call' }, now)).toBe(false);
  });

  it('reads a lapsed claim as a paid case that remembers whose claim lapsed', () => {
    expect(effectiveCase(claimedBy('a', -1), now)).toMatchObject({
      status: 'paid',
      claimedBy: null,
      claimedAt: null,
      leaseEndsAt: null,
      lapsedClaimBy: 'a',
    });
    const live = claimedBy('a', 5);
    expect(effectiveCase(live, now)).toBe(live);
  });
});

describe('provider case summary', () => {
  it('says who holds the case and when the claim ends', () => {
    expect(toProviderCaseSummary(claimedBy('a', 5), 'a', now)).toMatchObject({
      status: 'claimed',
      claimedBy: 'a',
      claimedByMe: true,
      claimExpiresAt: minutesFromNow(5),
      myClaimLapsed: false,
    });
    expect(toProviderCaseSummary(claimedBy('a', 5), 'b', now)).toMatchObject({
      claimedByMe: false,
    });
  });

  it("shows a home nurse visit's address area, never its street, and nothing for a call", () => {
    const visit = caseRecord({
      requestType: 'nurse-visit',
      location: '12 Elm Street, Springfield IL 62701',
      visitScheduledFor: minutesFromNow(90),
    });
    const summary = toProviderCaseSummary(visit, 'a', now);
    expect(summary?.nurseVisit).toEqual({
      area: 'Springfield IL 62701',
      scheduledFor: minutesFromNow(90),
      outcome: null,
    });
    expect(JSON.stringify(summary)).not.toContain('Elm Street');
    expect(toProviderCaseSummary(caseRecord(), 'a', now)?.nurseVisit).toBeNull();
  });

  it('tells the provider whose claim lapsed, and no one else', () => {
    expect(toProviderCaseSummary(claimedBy('a', -1), 'a', now)).toMatchObject({
      status: 'paid',
      claimExpiresAt: null,
      myClaimLapsed: true,
    });
    expect(toProviderCaseSummary(claimedBy('a', -1), 'b', now)?.myClaimLapsed).toBe(false);
  });

  it("gives the patient's presence to the holder only, while claimed or in the call (issue 27)", () => {
    const seen = { patientPresent: true, patientSeenAt: minutesFromNow(-3) };
    const held = { ...claimedBy('a', 5), ...seen };
    expect(toProviderCaseSummary(held, 'a', now)?.patientPresence).toEqual({
      present: true,
      lastSeenAt: minutesFromNow(-3),
    });
    expect(toProviderCaseSummary(held, 'b', now)?.patientPresence).toBeNull();
    expect(
      toProviderCaseSummary({ ...held, status: 'in_call' }, 'a', now)?.patientPresence,
    ).toMatchObject({ present: true });
    expect(
      toProviderCaseSummary({ ...held, status: 'completed' }, 'a', now)?.patientPresence,
    ).toBeNull();
    // A lapsed claim is nobody's: no presence, even for the provider whose claim it was.
    expect(
      toProviderCaseSummary({ ...claimedBy('a', -1), ...seen }, 'a', now)?.patientPresence,
    ).toBeNull();
    expect(toProviderCaseSummary(caseRecord(seen), 'a', now)?.patientPresence).toBeNull();
  });

  it('cuts the summary to the widest card and reads the priority from the whole of it', () => {
    const long = `${'headache and fever '.repeat(10)}, urgent`;
    const summary = toProviderCaseSummary(caseRecord({ triageSummary: long }), 'b', now)!;
    expect(summary.triageSummary).toBe(`${long.slice(0, 120)}...`);
    expect(summary.priority).toBe('URGENT');
    expect(
      toProviderCaseSummary(caseRecord({ triageSummary: 'Mild cough' }), 'b', now),
    ).toMatchObject({ triageSummary: 'Mild cough', priority: 'ROUTINE' });
  });

  it('shows the stored triage priority, as the admin panel does (issue 27)', () => {
    const chestPain = caseRecord({
      triageSummary: "crushing chest pain, can't breathe",
      priority: 'emergency',
    });
    expect(toProviderCaseSummary(chestPain, 'b', now)?.priority).toBe('EMERGENCY');
    expect(
      toProviderCaseSummary(caseRecord({ triageSummary: 'malaria', priority: 'urgent' }), 'b', now)
        ?.priority,
    ).toBe('URGENT');
  });

  it('gives the holder the whole summary in the details', () => {
    const long = 'x'.repeat(500);
    const record = { ...claimedBy('a', 5), triageSummary: long };
    const bundle: CaseBundle = { case: record, meeting: null, payments: [], attachments: [] };
    const patient = {
      id: 'patient-1',
      name: 'Ada',
      email: null,
      phone: null,
      contactInfo: '',
      caseId: record.id,
      createdAt: now.toISOString(),
    };
    const summary = readableSummary(record, 'a', now);
    expect(summary.triageSummary).toHaveLength(123);
    expect(toProviderCaseDetails(summary, bundle, patient, [], now).triageSummary).toBe(long);
  });

  it('leaves out cases providers never see', () => {
    for (const status of ['awaiting_payment', 'expired', 'cancelled'] as const) {
      expect(toProviderCaseSummary(caseRecord({ status }), 'a', now)).toBeNull();
    }
  });
});

describe('who may open a case (docs/security.md)', () => {
  it('lets only the holder open a case: a waiting, lapsed or other provider’s case is 403', () => {
    expect(readableSummary(claimedBy('a', 5), 'a', now).claimedByMe).toBe(true);
    expect(() => readableSummary(caseRecord(), 'b', now)).toThrow(
      expect.objectContaining({ status: 403, message: providerCaseMessages.claimFirst }),
    );
    expect(() => readableSummary(claimedBy('a', 5), 'b', now)).toThrow(
      expect.objectContaining({ status: 403, message: providerCaseMessages.heldByOther }),
    );
    // A lapsed claim no longer counts, for the one whose claim it was (told so: a stale
    // screen's Start Call, issue 27 item 4) or anyone else.
    expect(() => readableSummary(claimedBy('a', -1), 'a', now)).toThrow(
      expect.objectContaining({ status: 403, message: providerCaseMessages.claimLapsed }),
    );
    expect(() => readableSummary(claimedBy('a', -1), 'b', now)).toThrow(
      expect.objectContaining({ status: 403, message: providerCaseMessages.claimFirst }),
    );
    const done = caseRecord({ status: 'completed', claimedBy: 'a', endedAt: minutesFromNow(-1) });
    expect(readableSummary(done, 'a', now).status).toBe('completed');
    expect(() => readableSummary(done, 'b', now)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => readableSummary(caseRecord({ status: 'awaiting_payment' }), 'a', now)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });

  it('gives the join link only to the holder of a claimed or in-call case', () => {
    const meeting = {
      zoomMeetingId: '123',
      duration: 15,
      status: 'scheduled',
      providerJoinUrl: 'https://app.example/room/provider-link',
    } as MeetingRecord;
    const patient = {
      id: 'patient-1',
      name: 'Ada',
      email: 'ada@example.org',
      phone: null,
      contactInfo: 'ada@example.org',
      caseId: 'case-1',
      createdAt: now.toISOString(),
    };
    const details = (record: CaseRecord, providerId: string) => {
      const bundle: CaseBundle = { case: record, meeting, payments: [], attachments: [] };
      const summary = readableSummary(record, providerId, now);
      return toProviderCaseDetails(summary, bundle, patient, []);
    };
    expect(details(claimedBy('a', 5), 'a').meeting?.providerJoinUrl).toBe(meeting.providerJoinUrl);
    const ended = caseRecord({ status: 'completed', claimedBy: 'a', endedAt: minutesFromNow(-1) });
    expect(details(ended, 'a').meeting?.providerJoinUrl).toBeNull();
    expect(details(claimedBy('a', 5), 'a').patient).toEqual({
      name: 'Ada',
      email: 'ada@example.org',
      phone: null,
    });
  });
});

describe('claim refusals', () => {
  it('names the reason a claim cannot be made', () => {
    expect(claimRefusal(caseRecord(), 'a', now)).toBeNull();
    expect(claimRefusal(claimedBy('a', -1), 'b', now)).toBeNull();
    expect(claimRefusal(caseRecord({ status: 'awaiting_payment' }), 'a', now)).toBe(
      claimMessages.notPaid,
    );
    expect(claimRefusal(claimedBy('a', 5), 'a', now)).toBe(claimMessages.claimedByMe);
    expect(claimRefusal(claimedBy('a', 5), 'b', now)).toBe(claimMessages.claimedByOther);
    expect(claimRefusal(caseRecord({ status: 'completed' }), 'a', now)).toBe(claimMessages.closed);
  });
});
