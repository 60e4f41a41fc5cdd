import { describe, expect, it } from 'vitest';
import { patientPresenceText } from './patient-presence';

const now = new Date('2026-11-25T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('patientPresenceText', () => {
  it('says the patient is here while a page is connected', () => {
    expect(patientPresenceText({ present: true, lastSeenAt: ago(600) }, now)).toBe(
      'Patient is here',
    );
  });

  it('says when the patient was last seen, in whole minutes, then hours', () => {
    const text = (seconds: number) =>
      patientPresenceText({ present: false, lastSeenAt: ago(seconds) }, now);
    expect(text(30)).toBe('Patient last seen just now');
    expect(text(180)).toBe('Patient last seen 3 min ago');
    expect(text(239)).toBe('Patient last seen 3 min ago');
    expect(text(59 * 60)).toBe('Patient last seen 59 min ago');
    expect(text(2 * 3600 + 60)).toBe('Patient last seen 2 h ago');
  });

  it('says the patient has not opened the page when never seen', () => {
    expect(patientPresenceText({ present: false, lastSeenAt: null }, now)).toBe(
      'Patient has not opened the visit page yet',
    );
  });
});
