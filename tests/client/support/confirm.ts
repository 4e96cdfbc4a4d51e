// The confirmation a destructive action asks first (ui/confirm-dialog.tsx): finds the
// alertdialog and presses one of its buttons by name.
import { fireEvent, screen, within } from '@testing-library/react';

export async function answerConfirmation(button: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5_000 });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}
