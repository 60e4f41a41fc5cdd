import { beforeEach, describe, expect, it } from 'vitest';
import { stubEnv } from '../../testing/env';
import { roomLink, roomToken, verifyRoomToken } from './room-links';

beforeEach(() => {
  stubEnv({ ROOM_TOKEN_SECRET: 'test-secret', APP_ORIGIN: 'https://app.example.org' });
});

describe('signed room links (DESIGN.md §7)', () => {
  const now = Date.UTC(2026, 10, 21, 10);

  it('verify for their meeting and role until they expire', () => {
    const token = roomToken('m1', 'patient', now);
    expect(verifyRoomToken('m1', 'patient', token, now + 1000)).toBe(true);
    expect(verifyRoomToken('m1', 'provider', token, now)).toBe(false);
    expect(verifyRoomToken('m2', 'patient', token, now)).toBe(false);
    expect(verifyRoomToken('m1', 'patient', token, now + 25 * 60 * 60 * 1000)).toBe(false);
    expect(verifyRoomToken('m1', 'patient', `${token}x`, now)).toBe(false);
    expect(verifyRoomToken('m1', 'patient', 'garbage', now)).toBe(false);
  });

  it('point into the app with the role and token', () => {
    const url = new URL(roomLink('m1', 'provider', now));
    expect(url.origin).toBe('https://app.example.org');
    expect(url.pathname).toBe('/room/m1');
    expect(url.searchParams.get('role')).toBe('provider');
    expect(verifyRoomToken('m1', 'provider', url.searchParams.get('token')!, now)).toBe(true);
  });
});
