import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endMeeting } from './end';
import { handler } from './end-meeting.handler';

vi.mock('./end', () => ({ endMeeting: vi.fn() }));
const end = vi.mocked(endMeeting);
const input = {
  caseId: '5e1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  meetingId: '9b2f6c1e-3f4a-4a0b-9c55-0f7d2f1e8a11',
};

beforeEach(() => {
  end.mockReset();
  vi.stubEnv('LOG_LEVEL', 'error');
});

describe('the Scheduler target of the meeting end', () => {
  it('ends by the timer and answers the outcome', async () => {
    end.mockResolvedValue({ outcome: 'ended', endedAt: 'x', delivered: true, noShow: false });
    await expect(handler(input)).resolves.toEqual({
      outcome: 'ended',
      endedAt: 'x',
      delivered: true,
      noShow: false,
    });
    expect(end).toHaveBeenCalledWith(input.caseId, 'timer', expect.anything());
  });

  it('drops a malformed input without ending anything', async () => {
    await expect(handler({ caseId: 'nope' })).resolves.toEqual({ outcome: 'refused' });
    expect(end).not.toHaveBeenCalled();
  });

  it('waits for endsAt when it fires a moment early, then ends', async () => {
    const endsAt = new Date(Date.now() + 20).toISOString();
    // As the real end does: refused before endsAt, ended from then on. A handler that tried
    // again without waiting would get `too_early` twice and end nothing.
    end.mockImplementation(() =>
      Promise.resolve(
        Date.now() < Date.parse(endsAt)
          ? { outcome: 'too_early', endsAt }
          : { outcome: 'ended', endedAt: endsAt, delivered: true, noShow: false },
      ),
    );
    await expect(handler(input)).resolves.toMatchObject({ outcome: 'ended' });
    expect(end).toHaveBeenCalledTimes(2);
  });

  it('leaves a run that comes far too early to the schedule, ending nothing', async () => {
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    end.mockResolvedValue({ outcome: 'too_early', endsAt });
    await expect(handler(input)).resolves.toEqual({ outcome: 'too_early', endsAt });
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('throws when the rooms were not told, so Scheduler retries', async () => {
    end.mockResolvedValue({
      outcome: 'already_ended',
      endedAt: 'x',
      delivered: false,
      noShow: false,
    });
    await expect(handler(input)).rejects.toThrow('not delivered');
  });
});
