// What the admin tables need from the DOM for their two layouts (admin.module.css): on a phone
// each row is a card whose values carry their column's name; elsewhere a table wider than its
// box scrolls inside it, with shades and a hint saying there is more to each side.
import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Writes each body cell's column name into its `data-label` (the phone layout shows it before
 * the value through CSS, hidden from the accessible name: the table's headers still name the
 * cells). Done here, once, so a screen's rows stay plain `<td>`s; an observer labels rows added
 * later (Load more, a reload).
 */
export function useColumnLabels(ref: RefObject<HTMLTableElement | null>): void {
  useLayoutEffect(() => {
    const table = ref.current;
    if (table === null) return;
    const label = () => {
      const names = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent);
      for (const body of table.tBodies)
        for (const row of body.rows)
          for (const cell of row.cells) {
            const name = names[cell.cellIndex] ?? '';
            if (cell.dataset.label !== name) cell.dataset.label = name;
          }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}

/** Which sides of a sideways-scrolling box hide columns. */
export interface SidewaysMore {
  before: boolean;
  after: boolean;
}

const NONE: SidewaysMore = { before: false, after: false };

function moreOf(box: HTMLElement): SidewaysMore {
  // 1 px of slack: zoomed layouts round widths.
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return NONE;
  const left = Math.abs(box.scrollLeft);
  return { before: left > 1, after: left < hidden - 1 };
}

/** Follows a box's sideways overflow as it scrolls and as it or its table change size. */
export function useSidewaysMore(ref: RefObject<HTMLElement | null>): SidewaysMore {
  const [more, setMore] = useState<SidewaysMore>(NONE);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box === null) return;
    const update = () =>
      setMore((was) => {
        const now = moreOf(box);
        return now.before === was.before && now.after === was.after ? was : now;
      });
    update();
    // Browsers without ResizeObserver (and jsdom) still get the scroll updates.
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(box);
    if (box.firstElementChild !== null) resize?.observe(box.firstElementChild);
    box.addEventListener('scroll', update, { passive: true });
    return () => {
      resize?.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, [ref]);
  return more;
}
