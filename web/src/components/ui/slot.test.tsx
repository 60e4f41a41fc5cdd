// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';
import { variants } from './variants';

afterEach(cleanup);

describe('Slot (asChild)', () => {
  it("renders the child with the slot's props merged as Radix merges them", () => {
    const onSlotClick = vi.fn();
    const onChildClick = vi.fn();
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot
        className="from-slot"
        title="slot title"
        style={{ color: 'red', margin: '1px' }}
        onClick={onSlotClick}
        ref={slotRef}
        data-slot="yes"
      >
        <a
          href="/somewhere"
          className="from-child"
          title="child title"
          style={{ color: 'blue' }}
          onClick={(event) => {
            event.preventDefault();
            onChildClick(onSlotClick.mock.calls.length);
          }}
          ref={childRef}
        >
          Go
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link.className).toBe('from-slot from-child');
    expect(link.title).toBe('child title');
    expect(link.getAttribute('data-slot')).toBe('yes');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
    fireEvent.click(link);
    // Both handlers, the child's first.
    expect(onChildClick).toHaveBeenCalledWith(0);
    expect(onSlotClick).toHaveBeenCalledTimes(1);
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });

  it('gives a Button asChild link the button classes', () => {
    render(
      <Button asChild variant="outline" size="lg">
        <a href="/home">Home</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link.className).toBe('ui-button ui-button-outline ui-button-size-lg');
  });
});

describe('variants', () => {
  const tone = variants(
    'base',
    { tone: { plain: 'is-plain', loud: 'is-loud' } },
    { tone: 'plain' },
  );

  it('adds the chosen variant, else the default, then the caller’s class', () => {
    expect(tone()).toBe('base is-plain');
    expect(tone({ tone: 'loud' })).toBe('base is-loud');
    expect(tone({ tone: null, className: 'extra' })).toBe('base is-plain extra');
  });
});
