// Focus back to the opener when a dialog (ui/native-dialog.tsx) closes. Our dialogs open from
// state (a card, a row's button, a finished order, an expired session), not from a trigger the
// dialog knows, so without this focus fell to <body> and keyboard users lost their place.
import { useRef } from 'react';

interface OpenDialog {
  content: Element;
  /** What had focus as the dialog opened. */
  opener: HTMLElement | null;
  /** The dialog the opener was in (e.g. the cart whose 'Place Order' led to 'Current Order'). */
  parent: OpenDialog | null;
}

const openDialogs = new Set<OpenDialog>();

// A button that turns disabled while its request runs drops focus to <body>; the dialog its
// answer opens (Session Expired, Current Order) still came from that button.
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) lastFocused = event.target;
    },
    true,
  );
}

function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastFocused?.isConnected === true ? lastFocused : null;
}

/** The opener, or when it has left the page (its dialog closed) that dialog's opener, … */
function returnTarget(dialog: OpenDialog): HTMLElement | null {
  for (let at: OpenDialog | null = dialog; at !== null; at = at.parent) {
    if (at.opener?.isConnected === true) return at.opener;
  }
  return null;
}

interface AutoFocusHandlers {
  /** The dialog calls it (its element as the target) before it moves focus in. */
  onOpenAutoFocus: (event: Event) => void;
  /** The dialog calls it as it lets focus go. */
  onCloseAutoFocus: (event: Event) => void;
}

export function useFocusReturn(): AutoFocusHandlers {
  const dialog = useRef<OpenDialog | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const opener = openerNow();
      const content = event.target instanceof Element ? event.target : document.body;
      const parent = [...openDialogs].find((d) => opener !== null && d.content.contains(opener));
      dialog.current = { content, opener, parent: parent ?? null };
      openDialogs.add(dialog.current);
    },
    onCloseAutoFocus: (event) => {
      const closing = dialog.current;
      dialog.current = null;
      if (closing === null) return;
      openDialogs.delete(closing);
      const target = returnTarget(closing);
      if (target === null) return;
      event.preventDefault();
      target.focus();
    },
  };
}
