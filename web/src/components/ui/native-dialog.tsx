import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import type * as React from 'react';
import { cn } from '@web/lib/utils';

export interface NativeDialogProps extends Omit<
  React.ComponentProps<'dialog'>,
  'open' | 'title' | 'onClose' | 'onCancel' | 'children'
> {
  open: boolean;
  /** Called with `false` when the user asks to close: Escape, the close button, the browser. */
  onOpenChange: (open: boolean) => void;
  /** The accessible name of the dialog, shown as its heading. */
  title: ReactNode;
  /** Optional text under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel and the primary action). */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` puts it in the top layer, makes
 * the rest of the page inert and traps Tab; Escape closes it (through the native `cancel` event,
 * kept under React's control); focus returns to the element that had it when the dialog opened.
 * Content is mounted only while open.
 */
export function NativeDialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  children,
  className,
  ...props
}: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  const onOpenChangeRef = useRef(onOpenChange);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    openRef.current = open;
    onOpenChangeRef.current = onOpenChange;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) {
        const active = document.activeElement;
        returnFocusTo.current = active instanceof HTMLElement ? active : null;
        dialog.showModal();
      }
      return;
    }
    if (dialog.open) dialog.close();
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: keep the element open until the owner says so (controlled component).
    const onCancel = (event: Event) => {
      if (event.target !== dialog) return;
      event.preventDefault();
      onOpenChangeRef.current(false);
    };
    // The browser may still close it (repeated close requests): follow it.
    const onClose = (event: Event) => {
      if (event.target !== dialog) return;
      if (openRef.current) onOpenChangeRef.current(false);
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={open && description ? descriptionId : undefined}
      // `ui-dialog` (index.css, components layer): a caller's `max-w-*` overrides its width.
      className={cn('ui-dialog', className)}
      {...props}
    >
      {open ? (
        <div className="relative flex flex-col gap-5 p-6">
          <div className="flex flex-col gap-1.5 pr-8">
            <h2 id={titleId} className="text-lg font-semibold leading-tight tracking-tight">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </div>
            ) : null}
          </div>
          {children}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
