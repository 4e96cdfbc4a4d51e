import { useState } from 'react';

export interface Busy {
  /** True while a `whileBusy` task runs: its button is disabled, so one click sends once. */
  busy: boolean;
  /** Runs the task; busy ends however the task ends. */
  whileBusy: (task: () => Promise<void>) => Promise<void>;
}

export function useBusy(): Busy {
  const [busy, setBusy] = useState(false);
  const whileBusy = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };
  return { busy, whileBusy };
}
