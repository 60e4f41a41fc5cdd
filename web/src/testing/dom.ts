import { fireEvent, screen, within } from '@testing-library/react';
import { ftypHeader } from '@shared/uploads/image-fixtures';

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

/** The first bytes of each image type: the intake checks pictures by content. */
const imageHeads: Readonly<Record<string, Uint8Array<ArrayBuffer>>> = {
  'image/jpeg': Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': new TextEncoder().encode('GIF89a'),
  'image/webp': new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '),
  'image/heic': ftypHeader('heic', ['mif1', 'heic']),
  'image/heif': ftypHeader('mif1', ['mif1']),
  'image/avif': ftypHeader('avif', ['avif', 'mif1', 'miaf']),
};

/** The real first bytes of an image type ('x' for any other type). */
export function imageHead(type: string): BlobPart {
  return imageHeads[type] ?? 'x';
}

/**
 * A file of a given size without allocating it. An image type gets that type's real first bytes
 * (unless `content` says otherwise), so it passes the content check as a real picture would.
 */
export function fakeFile(
  name: string,
  type: string,
  size = 1024,
  content: BlobPart = imageHead(type),
): File {
  const file = new File([content], name, { type });
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
