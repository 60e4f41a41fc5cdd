// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NativeDialog } from './native-dialog';

beforeAll(() => {
  // jsdom has <dialog> but not showModal()/close().
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(cleanup);

function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <NativeDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
        title="Settings"
        description="Change how things work"
        footer={<button type="button">Save</button>}
      >
        <p>Body text</p>
      </NativeDialog>
    </>
  );
}

function openDialog() {
  const trigger = screen.getByRole('button', { name: 'Open' });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('NativeDialog', () => {
  it('mounts its content only while open, named and described', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Body text')).toBeNull();

    const { dialog } = openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole('dialog', { description: 'Change how things work' })).toBe(dialog);
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Body text')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('opens with showModal()', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    openDialog();
    expect(showModal).toHaveBeenCalledTimes(1);
    showModal.mockRestore();
  });

  it('closes on Escape (cancel) under the owner’s control and returns focus', () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    const { trigger, dialog } = openDialog();

    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);

    expect(cancel.defaultPrevented).toBe(true);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(screen.queryByText('Body text')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its Close button', () => {
    render(<Harness />);
    const { trigger, dialog } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(trigger);
  });

  it('follows a close the browser makes by itself', () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    const { dialog } = openDialog();
    act(() => (dialog as HTMLDialogElement).close());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Body text')).toBeNull();
  });
});
