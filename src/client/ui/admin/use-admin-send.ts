// An admin's write from a dialog: sent once at a time (its button is off meanwhile), and a
// refusal is an alert with the server's word or the fallback (product-spec.md section 8).
import { useBusy } from '../use-busy.ts';
import { alertFailure } from './admin-errors.ts';

export function useAdminSend() {
  const { busy, whileBusy } = useBusy();
  const send = (task: () => Promise<void>, fallback: string) =>
    whileBusy(async () => {
      try {
        await task();
      } catch (error) {
        alertFailure(error, fallback);
      }
    });
  return { busy, send };
}
