import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('joins class names and conditional ones', () => {
    const hidden = false;
    expect(cn('p-2', hidden && 'hidden', { 'text-sm': true, block: false }, ['ui-button'])).toBe(
      'p-2 text-sm ui-button',
    );
  });

  it('fails a test that combines two utilities of one group', () => {
    expect(() => cn('h-10 px-4', 'h-auto')).toThrow(/h-10 overridden/);
  });

  it('lets a utility sit beside a components-layer default it overrides', () => {
    expect(cn('ui-card-title', 'text-2xl')).toBe('ui-card-title text-2xl');
  });
});
