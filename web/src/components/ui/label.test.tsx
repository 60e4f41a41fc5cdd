// @vitest-environment jsdom
import { cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Label } from './label';

afterEach(cleanup);

/** Whether a mouse-down with this click count was prevented (the browser's text selection). */
function mouseDownPrevented(element: HTMLElement, detail: number): boolean {
  const event = createEvent.mouseDown(element, { detail });
  fireEvent(element, event);
  return event.defaultPrevented;
}

describe('Label', () => {
  it("names its control, and keeps a double click from selecting the label's own text", () => {
    render(
      <Label htmlFor="email">
        Email <input id="email" />
      </Label>,
    );
    const input = screen.getByLabelText('Email');
    const label = input.closest('label')!;
    expect(mouseDownPrevented(label, 1)).toBe(false);
    expect(mouseDownPrevented(label, 2)).toBe(true);
    // A double click in the control inside the label selects its text as usual.
    expect(mouseDownPrevented(input, 2)).toBe(false);
  });
});
