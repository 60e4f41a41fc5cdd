import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';

/**
 * The accessible pieces of a form field shared by every form of the app: ids that tie a control
 * to its hint and error (`aria-describedby`), the error and hint texts, and the label.
 */
export function errorIdOf(id: string): string {
  return `${id}-error`;
}

export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

/** `aria-describedby` for a control with an optional hint and an optional error. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? hintIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(id)} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={hintIdOf(id)} className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function FieldLabel({
  htmlFor,
  children,
  optional = false,
}: {
  htmlFor: string;
  children: ReactNode;
  optional?: boolean;
}) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </Label>
  );
}
