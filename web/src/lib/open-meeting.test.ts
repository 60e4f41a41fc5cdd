// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMeetingInNewTab } from './open-meeting';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('openMeetingInNewTab', () => {
  it('opens web links and in-app paths without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openMeetingInNewTab('https://meet.example.test/j/1')).toBe(true);
    expect(openMeetingInNewTab('/room/meeting-1?token=t')).toBe(true);
    expect(open.mock.calls).toEqual([
      ['https://meet.example.test/j/1', '_blank', 'noopener,noreferrer'],
      [`${window.location.origin}/room/meeting-1?token=t`, '_blank', 'noopener,noreferrer'],
    ]);
  });

  it("keeps a room link's fragment token (it never reaches a server)", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openMeetingInNewTab('/room/meeting-1?role=patient#token=abc.def');
    expect(open.mock.calls[0]![0]).toBe(
      `${window.location.origin}/room/meeting-1?role=patient#token=abc.def`,
    );
  });

  it('refuses other schemes', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openMeetingInNewTab('javascript:alert(1)')).toBe(false);
    expect(openMeetingInNewTab('data:text/html,hi')).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });
});
