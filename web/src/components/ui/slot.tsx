import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

type SlotProps = Record<string, unknown> & { children?: ReactNode };
type Handler = (...args: unknown[]) => unknown;

function setRef(ref: unknown, node: unknown): void {
  if (typeof ref === 'function') (ref as Handler)(node);
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = node;
}

/**
 * What `asChild` needs of Radix's Slot (`Button`, `CardTitle`): the one child element rendered
 * with the slot's props merged into its own, as Radix merges them: both event handlers run (the
 * child's first), styles and class names are joined, both refs are set, and otherwise the
 * child's own value wins. Radix's Slot (with its ref composition) sat in the entry chunk of every
 * page for this (issue 29 item 6: every page's bytes count).
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Record<string, unknown>>;
  const childProps = child.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (slotValue === undefined || childValue === undefined) continue;
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        (childValue as Handler)(...args);
        (slotValue as Handler)(...args);
      };
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged[name] = `${slotValue as string} ${childValue as string}`;
    } else if (name === 'ref') {
      merged[name] = (node: unknown) => {
        setRef(slotValue, node);
        setRef(childValue, node);
      };
    }
  }
  return cloneElement(child, merged);
}
