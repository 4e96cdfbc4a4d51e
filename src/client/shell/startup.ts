// The startup sequence (spec section 2 "Startup", DESIGN.md "Offline rules" 8): key exchange,
// then who the user is. Decides which of the shell's screens to show.
import { getSecureState, renewSecureSession, startSecureSession } from '../api/api-client.ts';
import { restoreSessionUser } from '../session/restore-user.ts';
import { hasLocalContent } from './local-content.ts';

export type StartupPhase =
  | { kind: 'connecting' }
  /** offline: the exchange could not reach the server, but there is local data to show. */
  | { kind: 'ready'; offline: boolean }
  /** The server answered but the exchange failed, or a first visit with nothing local. */
  | { kind: 'security-error'; message: string }
  /** Anything unexpected: 'Security Error' with the message and a Retry. */
  | { kind: 'fatal'; message: string };

function retryWhenOnline(): void {
  window.addEventListener('online', () => void renewSecureSession(), { once: true });
}

async function runSteps(): Promise<StartupPhase> {
  await startSecureSession();
  const { status, error } = getSecureState();
  const message = error ?? '';
  if (status === 'fatal') return { kind: 'fatal', message };
  if (status === 'server-failed') return { kind: 'security-error', message };
  if (status === 'network-failed') {
    if (!(await hasLocalContent())) return { kind: 'security-error', message };
    retryWhenOnline();
    return { kind: 'ready', offline: true };
  }
  await restoreSessionUser();
  return { kind: 'ready', offline: false };
}

export async function runStartup(): Promise<StartupPhase> {
  try {
    return await runSteps();
  } catch (error) {
    return { kind: 'fatal', message: error instanceof Error ? error.message : String(error) };
  }
}
