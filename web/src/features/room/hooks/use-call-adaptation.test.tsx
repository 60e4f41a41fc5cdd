// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoSendLimit } from '../lib/call-adaptation';
import type { CallQuality, QualityLevel } from '../lib/call-quality';
import { qualityReading } from '../testing/quality-reading';
import {
  AUDIO_ONLY_OFFER,
  QualityNotice,
  VIDEO_BACK_OFFER,
  VIDEO_PAUSED,
} from '../components/QualityNotice';
import { useCallAdaptation } from './use-call-adaptation';

type Apply = (limit: VideoSendLimit) => Promise<void>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The room's wiring: the hook on the meter's readings, its notice under the video. */
function Room({ quality, apply }: { quality: CallQuality | null; apply: Apply }) {
  const adaptation = useCallAdaptation({ quality, apply });
  return <QualityNotice adaptation={adaptation} />;
}

/** A room on a call; `hold` gives it a fresh reading every 2 s, as the stats timer does. */
function renderRoom(apply: Apply = vi.fn<Apply>(() => Promise.resolve())) {
  const view = render(<Room quality={null} apply={apply} />);
  return {
    apply,
    async hold(level: QualityLevel, ms: number) {
      for (let elapsed = 0; elapsed < ms; elapsed += 2_000) {
        vi.advanceTimersByTime(2_000);
        view.rerender(<Room quality={qualityReading(level)} apply={apply} />);
        // `apply` runs after a resolved promise.
        await act(() => Promise.resolve());
      }
    },
  };
}

const notice = () => screen.getByTestId('quality-notice');
const button = (name: string) => screen.getByRole('button', { name });

describe('useCallAdaptation with QualityNotice', () => {
  it('leaves the default limit alone and says nothing on a good call', async () => {
    const room = renderRoom();
    await room.hold('good', 30_000);
    expect(room.apply).not.toHaveBeenCalled();
    expect(notice().textContent).toBe('');
    expect(notice().getAttribute('role')).toBe('status');
  });

  it('applies each new cap once, not on every reading', async () => {
    const room = renderRoom();
    await room.hold('poor', 8_000);
    expect(room.apply).toHaveBeenCalledExactlyOnceWith({ maxBitrateBps: 300_000, active: true });
    await room.hold('poor', 4_000);
    expect(room.apply).toHaveBeenCalledTimes(1);
    await room.hold('poor', 2_000);
    expect(room.apply).toHaveBeenLastCalledWith({ maxBitrateBps: 150_000, active: true });
  });

  it('offers audio only; Switch to Audio Only stops the video and says so', async () => {
    const room = renderRoom();
    await room.hold('poor', 30_000);
    expect(notice().textContent).toContain(AUDIO_ONLY_OFFER);
    fireEvent.click(button('Switch to Audio Only'));
    await act(() => Promise.resolve());
    expect(room.apply).toHaveBeenLastCalledWith({ maxBitrateBps: 150_000, active: false });
    expect(notice().textContent).toContain(VIDEO_PAUSED);
    expect(screen.queryByRole('button', { name: 'Switch to Audio Only' })).toBeNull();
  });

  it('Keep Video takes the offer away and changes nothing', async () => {
    const room = renderRoom();
    await room.hold('poor', 30_000);
    const calls = vi.mocked(room.apply).mock.calls.length;
    fireEvent.click(button('Keep Video'));
    await room.hold('poor', 60_000);
    expect(notice().textContent).toBe('');
    expect(room.apply).toHaveBeenCalledTimes(calls);
  });

  it('offers the video back when the link is better; the button turns it on', async () => {
    const room = renderRoom();
    await room.hold('poor', 30_000);
    fireEvent.click(button('Switch to Audio Only'));
    await room.hold('good', 12_000);
    expect(notice().textContent).toContain(VIDEO_BACK_OFFER);
    fireEvent.click(button('Turn Video Back On'));
    await act(() => Promise.resolve());
    expect(room.apply).toHaveBeenLastCalledWith({ maxBitrateBps: 150_000, active: true });
    expect(notice().textContent).toBe('');
  });

  it('sets a limit again with the next reading when the sender refused it', async () => {
    const apply = vi
      .fn<Apply>()
      .mockRejectedValueOnce(new Error('no video sender yet'))
      .mockResolvedValue(undefined);
    const room = renderRoom(apply);
    await room.hold('poor', 8_000);
    expect(apply).toHaveBeenCalledTimes(1);
    await room.hold('poor', 2_000);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenLastCalledWith({ maxBitrateBps: 300_000, active: true });
    await room.hold('poor', 2_000);
    expect(apply).toHaveBeenCalledTimes(2);
  });
});
