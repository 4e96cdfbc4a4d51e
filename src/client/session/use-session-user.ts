import { useSyncExternalStore } from 'react';
import { getSessionUser, subscribeSessionUser, type SessionUser } from './session-user.ts';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSessionUser, getSessionUser);
}
