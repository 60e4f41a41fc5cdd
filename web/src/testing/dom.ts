import { fireEvent, screen, within } from '@testing-library/react';

/** DOM helpers shared by the page tests. */

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

/** The texts an element's `aria-describedby` points at (hint and error of a field). */
export function describedTexts(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '');
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** jsdom has `<dialog>` but not `showModal`/`close`: the attribute and event are enough here. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
}
