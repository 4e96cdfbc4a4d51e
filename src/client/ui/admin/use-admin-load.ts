// Loads what an admin screen shows, straight from the server (admins work online in a browser
// tab: nothing is mirrored on the device). `load` must be stable (a module function, or a
// useCallback): a new one means new data, and the old data is not shown meanwhile.
import { useEffect, useState } from 'react';
import { errorText } from './admin-errors.ts';

interface Loaded<T> {
  source: () => Promise<T>;
  data: T | undefined;
  error: string | null;
}

export interface AdminLoad<T> {
  data: T | undefined;
  error: string | null;
  /** True until the first answer for the current `load`. */
  loading: boolean;
  /** Loads again; the current data stays on screen until the answer. */
  reload: () => void;
}

export function useAdminLoad<T>(load: () => Promise<T>, fallback: string): AdminLoad<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setLoaded({ source: load, data, error: null }),
      (error: unknown) =>
        live && setLoaded({ source: load, data: undefined, error: errorText(error, fallback) }),
    );
    return () => {
      live = false;
    };
  }, [load, fallback, tick]);
  const current = loaded?.source === load ? loaded : null;
  return {
    data: current?.data,
    error: current?.error ?? null,
    loading: current === null,
    reload: () => setTick((n) => n + 1),
  };
}
