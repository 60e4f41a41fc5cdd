import { fireEvent, screen, within } from '@testing-library/react';

/** The toast region (one toast at a time). */
export function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

export function fill(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function pick(label: string | RegExp, files: File[]): void {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
}

export function submit(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
}

export function errorTextOf(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '');
}
