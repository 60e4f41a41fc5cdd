// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function renderTabs(onValueChange = vi.fn()) {
  render(
    <Tabs defaultValue="one" onValueChange={onValueChange}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three" disabled>
          Three
        </TabsTrigger>
        <TabsTrigger value="four">Four</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
      <TabsContent value="four">Fourth panel</TabsContent>
    </Tabs>,
  );
  return { onValueChange, tabs: screen.getAllByRole('tab') };
}

describe('Tabs', () => {
  it('wires tabs and panels with roles, ids and a single tab stop', () => {
    const { tabs } = renderTabs();
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(panel.textContent).toBe('First panel');
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    // Inactive panels stay in the DOM (for aria-controls), hidden and empty.
    const hidden = screen.getAllByRole('tabpanel', { hidden: true });
    expect(hidden).toHaveLength(4);
    expect(hidden.filter((p) => p.hidden).every((p) => p.textContent === '')).toBe(true);
  });

  it('selects on click', () => {
    const { tabs, onValueChange } = renderTabs();
    fireEvent.click(tabs[1]!);
    expect(onValueChange).toHaveBeenCalledWith('two');
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
  });

  it('moves and selects with the arrows (wrapping, skipping disabled), Home and End', () => {
    const { tabs } = renderTabs();
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[3]);

    fireEvent.keyDown(tabs[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[3]);

    fireEvent.keyDown(tabs[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[3]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Fourth panel');
  });

  it('ignores other keys', () => {
    const { tabs, onValueChange } = renderTabs();
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tabs[0]);
    expect(onValueChange).not.toHaveBeenCalled();
  });
});
