// Keyboard checks (issue 7 item 6): Tab reaches every control a mouse user can reach, and a
// dialog takes focus when it opens, keeps Tab and Shift+Tab inside, and gives focus back to the
// control that opened it when it closes.
import type { JSHandle, Locator, Page } from 'playwright-core';

/** What a mouse can click: native controls and the ARIA widgets the app renders. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Widgets with one Tab stop (roving tabindex or a native radio group): arrow keys move inside,
 * so reaching one member reaches the widget.
 */
const COMPOSITES = '[role="tablist"], [role="grid"], [role="radiogroup"], [role="toolbar"]';

/** In-page helpers, made once per page and handed to each evaluation. */
interface Toolkit {
  /** Visible, enabled controls (the mouse can use them) under `root`. */
  controls(root: ParentNode): Element[];
  /** The composite widget (or radio group) the control is one Tab stop of, if any. */
  groupOf(el: Element): Element | null;
  /** `tag[role] "name"`, for failure messages. */
  label(el: Element): string;
}

function toolkit(page: Page): Promise<JSHandle<Toolkit>> {
  return page.evaluateHandle(
    ({ selector, composites }): Toolkit => ({
      controls: (root) =>
        [...root.querySelectorAll(selector)].filter(
          (el) =>
            el.checkVisibility({ visibilityProperty: true }) &&
            !el.matches(':disabled') &&
            el.closest('[inert], [aria-hidden="true"]') === null,
        ),
      groupOf: (el) => {
        const composite = el.closest(composites);
        if (composite !== null) return composite;
        const radio = el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '';
        return radio ? (el.form ?? el.ownerDocument.body) : null;
      },
      label: (el) => {
        const input = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
        const name = (el.getAttribute('aria-label') ?? input ?? el.textContent)
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 60);
        const role = el.getAttribute('role');
        return `${el.tagName.toLowerCase()}${role === null ? '' : `[${role}]`} "${name}"`;
      },
    }),
    { selector: CONTROLS, composites: COMPOSITES },
  );
}

/** Starts recording every element that takes focus from now on. */
function recordFocus(page: Page): Promise<JSHandle<Set<Element>>> {
  return page.evaluateHandle(() => {
    const reached = new Set<Element>();
    document.addEventListener(
      'focusin',
      (event) => {
        if (event.target instanceof Element) reached.add(event.target);
      },
      true,
    );
    return reached;
  });
}

/** The page's controls that no recorded focus reached, itself or through its widget. */
function missedControls(page: Page, kit: JSHandle<Toolkit>, reached: JSHandle<Set<Element>>) {
  return page.evaluate(
    ({ kit, reached }) => {
      const groups = new Set([...reached].map((el) => kit.groupOf(el)));
      return kit
        .controls(document)
        .filter((el) => !reached.has(el) && !groups.has(kit.groupOf(el) ?? el))
        .map((el) => kit.label(el));
    },
    { kit, reached },
  );
}

function reachedControls(page: Page, kit: JSHandle<Toolkit>, reached: JSHandle<Set<Element>>) {
  return page.evaluate(
    ({ kit, reached }) => [...reached].filter((el) => el.isConnected).map((el) => kit.label(el)),
    { kit, reached },
  );
}

/**
 * Presses `key` until focus has come back `rounds` times to where the first press put it (a
 * date input alone holds several stops), or `maxPresses`; `check` runs after every press.
 * Resolves to the rounds completed.
 */
async function pressRound(
  page: Page,
  key: string,
  rounds: number,
  check: () => Promise<void> = async () => undefined,
  maxPresses = 300,
): Promise<number> {
  await page.keyboard.press(key);
  await check();
  const first = await page.evaluateHandle(() => document.activeElement);
  let completed = 0;
  for (let i = 1; i < maxPresses && completed < rounds; i++) {
    await page.keyboard.press(key);
    await check();
    const back = await first.evaluate((el) => el === document.activeElement);
    if (back) completed++;
  }
  return completed;
}

export interface TabWalk {
  /** Controls a mouse can use that Tab never reached (tag[role] "name"). */
  missed: string[];
  /** Every element Tab focused, in no particular order. */
  reached: string[];
}

/** Tabs from the top of the page round to where it began; what it reached and missed. */
export async function tabThroughPage(page: Page): Promise<TabWalk> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  const [kit, reached] = await Promise.all([toolkit(page), recordFocus(page)]);
  await pressRound(page, 'Tab', 1);
  const walk = {
    missed: await missedControls(page, kit, reached),
    reached: await reachedControls(page, kit, reached),
  };
  // A walk that focused nothing (keys not reaching the page) must not pass as clean.
  if (walk.reached.length === 0) throw new Error('Tab focused nothing on this page');
  return walk;
}

/** Whether the element `locator` names is the focused one. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement));
}

/**
 * The dialog's Tab stops that `seen` missed. A stop counts as reached when focus landed on it
 * or inside it (a radix tab list hands its stop to the selected tab).
 */
function stopsMissed(dialog: Locator, kit: JSHandle<Toolkit>, seen: JSHandle<Set<Element>>) {
  return dialog.evaluate(
    (root, { kit, seen }) =>
      kit
        .controls(root)
        .filter(
          (el) =>
            !(el instanceof HTMLElement && el.tabIndex < 0) &&
            !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) &&
            ![...seen].some((s) => el.contains(s)),
        )
        .map((el) => kit.label(el)),
    { kit, seen },
  );
}

/** Two rounds of `key` inside the open dialog: whether focus ever left, and stops missed. */
async function walkInside(dialog: Locator, key: string) {
  const page = dialog.page();
  const [kit, seen] = await Promise.all([toolkit(page), recordFocus(page)]);
  const inside: boolean[] = [];
  const rounds = await pressRound(page, key, 2, async () => {
    inside.push(await focusInside(dialog));
  });
  return {
    trapped: !inside.includes(false) && rounds === 2,
    missed: await stopsMissed(dialog, kit, seen),
  };
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface DialogKeyboard {
  /** Focus was inside the dialog once it opened. */
  focusMovedIn: boolean;
  /** Two rounds of Tab, and of Shift+Tab, came round inside the dialog and never left it. */
  trapped: boolean;
  /** Tab stops of the dialog that Tab or Shift+Tab never reached. */
  unreached: string[];
  /** After Escape the dialog was gone and the opener had focus again. */
  focusReturned: boolean;
}

/**
 * Opens the dialog from `opener` with the keyboard (`key`: Enter or Space), walks its focus trap
 * both ways and closes it with Escape. `prepare` runs once the dialog is open (fill a field,
 * show an error) before the walk.
 */
export async function checkDialogKeyboard(
  opener: Locator,
  dialog: Locator,
  options: { key?: 'Enter' | 'Space'; prepare?: () => Promise<void> } = {},
): Promise<DialogKeyboard> {
  const page = opener.page();
  await opener.focus();
  await page.keyboard.press(options.key ?? 'Enter');
  await dialog.waitFor({ state: 'visible' });
  const focusMovedIn = await waitUntil(() => focusInside(dialog));
  await options.prepare?.();
  const forward = await walkInside(dialog, 'Tab');
  const backward = await walkInside(dialog, 'Shift+Tab');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  const focusReturned = await waitUntil(() => isFocused(opener));
  return {
    focusMovedIn,
    trapped: forward.trapped && backward.trapped,
    unreached: [...new Set([...forward.missed, ...backward.missed])],
    focusReturned,
  };
}

/** What checkDialogKeyboard reports for a dialog that behaves. */
export const WELL_BEHAVED: DialogKeyboard = {
  focusMovedIn: true,
  trapped: true,
  unreached: [],
  focusReturned: true,
};
