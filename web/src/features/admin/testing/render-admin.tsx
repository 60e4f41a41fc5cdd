import type { BoundFunctions, queries } from '@testing-library/dom';
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { renderWithProviders } from '@web/testing/render';
import { adminPanelParts } from '../components/AdminPanel';
import AdminPage from '../pages/AdminPage';

/**
 * The admin page, once what it loads lazily (`AdminPage`: the panel when signed in, the login
 * form when not, the panel's other tabs and review dialog) has rendered.
 */
export async function renderAdmin() {
  const view = renderWithProviders(<AdminPage />);
  await act(async () => {
    await Promise.all([
      import('../components/AdminPanel'),
      import('../components/AdminLoginForm'),
      ...adminPanelParts.map((load) => load()),
    ]);
  });
  return view;
}

/** The open modal dialog with this accessible name. */
export function dialog(name: string | RegExp) {
  return within(screen.getByRole('dialog', { name }));
}

export function openTab(name: string) {
  screen.getByRole('tab', { name }).click();
}

/** The text of the `<dd>` after the `<dt>` with this label; undefined when there is no such term. */
export function detailField(scope: BoundFunctions<typeof queries>, label: string) {
  return scope.queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;
}

/** Expects the `<dd>` of each label to have exactly the given text. */
export function expectDetailFields(
  scope: BoundFunctions<typeof queries>,
  fields: Record<string, string>,
): void {
  for (const [label, text] of Object.entries(fields)) {
    expect(detailField(scope, label), label).toBe(text);
  }
}
