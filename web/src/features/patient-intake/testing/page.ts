import { fireEvent, screen } from '@testing-library/react';

/** Presses the intake form's submit button. */
export function submit(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
}
