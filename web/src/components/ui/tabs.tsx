import { createContext, useContext, useId, useState, type KeyboardEvent } from 'react';
import type * as React from 'react';
import { cn } from '@web/lib/utils';

interface TabsContextValue {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${component}> must be used inside <Tabs>`);
  return context;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export type TabsProps = Omit<React.ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  /** The selected tab (controlled); omit it and pass `defaultValue` for an uncontrolled set. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop for the list (roving
 * tabindex), Left/Right arrows move and select (wrapping), Home/End jump to the ends.
 */
export function Tabs({
  value: controlled,
  defaultValue = '',
  onValueChange,
  className,
  ...props
}: TabsProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const baseId = useId();
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };

  return (
    <TabsContext value={{ value, select, baseId }}>
      <div className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext>
  );
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Give it an accessible name with `aria-label` (or `aria-labelledby`). */
export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = NEXT_KEYS[event.key];
    if (!move || event.defaultPrevented) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    );
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current === -1 || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[move(current, tabs.length)];
    next?.focus();
    next?.click();
  };

  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        'inline-flex w-full flex-wrap items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground sm:w-auto',
        className,
      )}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  ...props
}: Omit<React.ComponentProps<'button'>, 'value'> & { value: string }) {
  const context = useTabsContext('TabsTrigger');
  const selected = context.value === value;

  return (
    <button
      type="button"
      role="tab"
      id={tabId(context.baseId, value)}
      aria-controls={panelId(context.baseId, value)}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      className={cn(
        'inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60 sm:flex-none [&_svg]:size-4 [&_svg]:shrink-0',
        selected && 'bg-background text-foreground shadow-sm',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) context.select(value);
      }}
      {...props}
    />
  );
}

/** The panel of one tab; its content is mounted only while the tab is selected. */
export function TabsContent({
  value,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { value: string }) {
  const context = useTabsContext('TabsContent');
  const selected = context.value === value;

  return (
    <div
      role="tabpanel"
      id={panelId(context.baseId, value)}
      aria-labelledby={tabId(context.baseId, value)}
      hidden={!selected}
      tabIndex={0}
      className={cn(
        'rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}
