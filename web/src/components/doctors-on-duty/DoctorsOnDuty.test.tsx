// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, installFakeClock, restoreClock } from '@web/testing/clock';
import { renderWithProviders, resetDom } from '@web/testing/render';
import { getDoctorsOnDuty } from '@shared/providers/contracts';
import { inTurn, json, mockApi, routeOf, type Answer } from '@web/testing/api-mock';
import { DOCTORS_ON_DUTY_PATH, DOCTORS_ON_DUTY_POLL_MS } from './use-doctors-on-duty';
import { DoctorsOnDuty } from './DoctorsOnDuty';

const count =
  (onDuty: number): Answer =>
  () =>
    json({ onDuty });
/** What the route answers when the count cannot be read. */
const unavailable: Answer = () => json({ message: 'Service unavailable' }, 503);

/** Answers each call to the count in turn (the last one from then on); returns the paths asked. */
function countAnswers(...answers: [Answer, ...Answer[]]): () => string[] {
  const api = mockApi({ [routeOf(getDoctorsOnDuty)]: inTurn(...answers) });
  return () => api.calls().map((request) => request.url.pathname);
}

const line = () => screen.getByRole('status');

beforeEach(installFakeClock);
afterEach(() => {
  resetDom();
  restoreClock();
  vi.unstubAllGlobals();
});

describe('DoctorsOnDuty', () => {
  it('says it is checking, then how many doctors are on duty, in a polite live region', async () => {
    countAnswers(count(3));
    renderWithProviders(<DoctorsOnDuty />);
    expect(line().textContent).toBe('Checking doctors on duty…');
    expect(line().getAttribute('aria-live')).toBe('polite');
    await advance();
    expect(line().textContent).toBe('3 doctors on duty now');
  });

  it('says plainly when none is on duty, and follows the count every 15 s and when the tab is shown again', async () => {
    const calls = countAnswers(count(0), count(1), count(2));
    renderWithProviders(<DoctorsOnDuty />);
    await advance();
    expect(line().textContent).toBe('No doctors are on duty right now');
    expect(calls()).toEqual(['/api/doctors-on-duty']);

    await advance(DOCTORS_ON_DUTY_POLL_MS - 1);
    expect(calls()).toHaveLength(1);
    await advance(1);
    expect(line().textContent).toBe('1 doctor on duty now');

    // The tab shown again (TanStack Query's focus is the page's visibility).
    window.dispatchEvent(new Event('visibilitychange'));
    await advance();
    expect(calls()).toHaveLength(3);
    expect(line().textContent).toBe('2 doctors on duty now');
  });

  it('says nothing rather than something false when the count cannot be read', async () => {
    countAnswers(unavailable);
    renderWithProviders(<DoctorsOnDuty />);
    await advance();
    expect(line().textContent).toBe('');
  });

  it('keeps the last count through a failed refetch', async () => {
    countAnswers(count(2), unavailable);
    renderWithProviders(<DoctorsOnDuty />);
    await advance();
    await advance(DOCTORS_ON_DUTY_POLL_MS);
    expect(line().textContent).toBe('2 doctors on duty now');
  });

  it("asks the route's path (the contract's, which the line does not load: it brings zod)", () => {
    expect(DOCTORS_ON_DUTY_PATH).toBe(getDoctorsOnDuty.path);
  });

  it('needs no query client (the landing has none)', async () => {
    countAnswers(count(1));
    render(<DoctorsOnDuty />);
    await advance();
    expect(line().textContent).toBe('1 doctor on duty now');
  });
});
