import { useSyncExternalStore } from 'react';
import { getSecureState, subscribeSecureState, type SecureState } from './secure-session.ts';

/** The secure session's state, for indicators such as the register page's. */
export function useSecureState(): SecureState {
  return useSyncExternalStore(subscribeSecureState, getSecureState);
}
