// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallQuality } from '../lib/call-quality';
import { QualityIndicator } from './QualityIndicator';

afterEach(cleanup);

function quality(overrides: Partial<CallQuality> = {}): CallQuality {
  return {
    level: 'good',
    reasons: [],
    path: 'relayed',
    rttMs: 42,
    receiveLossPct: 0.5,
    sendLossPct: 1.2,
    jitterMs: 9,
    framesPerSecond: 30,
    freezes: 0,
    qualityLimitationReason: 'none',
    availableOutgoingBitrateBps: 900_000,
    ...overrides,
  };
}

const indicator = () => screen.getByTestId('connection-indicator');

describe('QualityIndicator', () => {
  it.each([
    ['good', 'Connection: Good'],
    ['weak', 'Connection: Weak'],
    ['poor', 'Connection: Poor'],
    ['lost', 'Connection: Lost'],
  ] as const)('says %s as a patient understands it, never "Relayed"', (level, label) => {
    render(<QualityIndicator quality={quality({ level })} />);
    expect(screen.getByRole('status').textContent).toBe(label);
    expect(indicator().textContent).not.toContain('Relayed');
    expect(indicator().getAttribute('data-level')).toBe(level);
  });

  it('keeps the path for the end-to-end tests and the figures in the title', () => {
    render(<QualityIndicator quality={quality()} />);
    expect(indicator().getAttribute('data-path')).toBe('relayed');
    expect(indicator().getAttribute('title')).toBe('Relayed · 42 ms · 1.2% loss · 9 ms jitter');
  });

  it('shows the figures as a secondary line for the doctor, outside the live region', () => {
    render(<QualityIndicator quality={quality({ path: 'direct', rttMs: 7 })} details />);
    const figures = screen.getByText('Direct · 7 ms · 1.2% loss · 9 ms jitter');
    expect(screen.getByRole('status').contains(figures)).toBe(false);
  });

  it('leaves out the figures the browser has not measured', () => {
    render(
      <QualityIndicator
        quality={quality({ rttMs: null, receiveLossPct: null, sendLossPct: null, jitterMs: null })}
        details
      />,
    );
    expect(indicator().getAttribute('title')).toBe('Relayed');
  });

  it('says it is checking before the first reading', () => {
    render(<QualityIndicator quality={null} details />);
    expect(screen.getByRole('status').textContent).toBe('Checking your connection...');
    expect(indicator().hasAttribute('data-path')).toBe(false);
    expect(indicator().hasAttribute('title')).toBe(false);
  });
});
