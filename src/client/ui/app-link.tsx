// Moving to another screen from code that may run before the router has loaded: a first
// visit's landing shows without it (issue 21: router.tsx loads when the visitor leaves), so
// the landing and the header it shares with every screen move through here, not through the
// router's hooks. Keeps, in module memory: how to move right now (the shell sets it: leave
// the landing, or the router's navigate once it is on screen).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { LinkProps } from '@tanstack/react-router';

export type AppPath = NonNullable<LinkProps['to']>;

type Move = (to: AppPath) => void;

let move: Move | null = null;

/** The shell's: how navigateTo moves from now on. */
export function setAppNavigator(next: Move): void {
  move = next;
}

/** Moves to another screen (as the router's navigate does once it is on screen). */
export function navigateTo(to: AppPath): void {
  move?.(to);
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  return !event.defaultPrevented && event.button === 0 && !modified;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: AppPath };

/** A link to a screen: a real address (new tab, copy link), moved to in place when clicked. */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigateTo(to);
      }}
    />
  );
}
