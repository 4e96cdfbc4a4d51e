// An admin's write from a dialog: sent once at a time (its button is off meanwhile), and a
// refusal is shown inline in the dialog with the server's word or the fallback (product-spec.md
// section 8's texts; issue 20 item 6: no alert for a form's refusal).
import { useState } from 'react';
import { useBusy } from '../use-busy.ts';
import { errorText } from './admin-errors.ts';

export function useAdminSend() {
  const { busy, whileBusy } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const send = (task: () => Promise<void>, fallback: string) =>
    whileBusy(async () => {
      setError(null);
      try {
        await task();
      } catch (caught) {
        setError(errorText(caught, fallback));
      }
    });
  return { busy, send, error, setError };
}
