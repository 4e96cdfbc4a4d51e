// What a screen reader hears: the live regions (role status/alert/log, or aria-live other
// than off) that are not hidden from it (aria-hidden, as a modal dialog marks the rest of the
// page) and that hold `text`. A region inside another counts once (its outer one).
import { render } from '@testing-library/react';
import { StatusToasts } from '#client/ui/status-toast.tsx';

const LIVE = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';

export function spokenCopies(text: string): number {
  const outermost = (region: HTMLElement) => {
    const parent = region.parentElement;
    return parent === null || parent.closest(LIVE) === null;
  };
  const regions = [...document.querySelectorAll<HTMLElement>(LIVE)].filter(outermost);
  return regions.filter(
    (region) =>
      region.closest('[aria-hidden="true"]') === null && region.textContent.includes(text),
  ).length;
}

/** The shell's status region beside a screen rendered alone (screen tests have no shell). */
export function renderStatusRegion(): void {
  render(<StatusToasts />);
}
