import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@web/testing/render';
import AdminPage from '../pages/AdminPage';

export function renderAdmin() {
  return renderWithProviders(<AdminPage />);
}

/** The open modal dialog with this accessible name. */
export function dialog(name: string | RegExp) {
  return within(screen.getByRole('dialog', { name }));
}

export function openTab(name: string) {
  screen.getByRole('tab', { name }).click();
}
