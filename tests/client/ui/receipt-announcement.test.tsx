// @vitest-environment jsdom
// A card's receipt and the shell's status message must not both announce that an action was
// queued (issue 20: one announcement per action). The receipt shows "Waiting to send" outside
// its live region when it opens on it, and speaks what changes afterwards. On the old code the
// receipt's region held "Waiting to send" at once, so a screen reader heard the queuing twice.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Receipt } from '#client/ui/receipt.tsx';
import { spokenCopies } from '../support/live-regions.tsx';

describe('a card receipt', () => {
  it('shows Waiting to send silently, then announces Sent ✓', () => {
    const { rerender } = render(<Receipt state="waiting" />);
    expect(screen.getByText('Waiting to send')).toBeDefined();
    expect(spokenCopies('Waiting to send')).toBe(0);
    // Its live region is there from the start, so the change to come is heard.
    expect(screen.getByRole('status')).toBeDefined();
    rerender(<Receipt state="sent" />);
    expect(spokenCopies('Sent ✓')).toBe(1);
    rerender(<Receipt state="waiting" />);
    // Waiting again later (a retry) is a change of its own: heard.
    expect(spokenCopies('Waiting to send')).toBe(1);
  });

  it('announces a receipt that opens on Needs attention', () => {
    render(<Receipt state="attention" />);
    expect(spokenCopies('Needs attention')).toBe(1);
  });
});
