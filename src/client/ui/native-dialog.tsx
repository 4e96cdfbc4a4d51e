// A modal dialog on the browser's own <dialog> (issue 21: radix-ui's Dialog was 13.4 KB gzip on
// every home). showModal() puts it in the top layer and makes the page behind inert: focus
// stays inside, a dialog opened over another sits above it. On top of that, what the library
// gave: Escape closes it (unless the dialog says otherwise), a tap on the shade closes it when
// asked, focus starts on the given element (else the first focusable one) and returns to what
// opened it (focus-return.ts), Tab goes round inside it, and the rest of the page is
// aria-hidden while it is open.
// The <dialog> itself is a bare full-screen box; the shade and the panel inside it keep the
// classes they had, so each dialog looks as it did. Rendered only while open, in a portal.
import {
  cloneElement,
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type AriaRole,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useFocusReturn } from './focus-return.ts';
import styles from './native-dialog.module.css';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Closes the dialog the element is in (ModalClose and the drawers' Close). */
const CloseContext = createContext<() => void>(() => undefined);

export interface NativeDialogProps {
  /** Escape, the shade (when closeOnShade) and DialogClose ask for this. */
  onClose: () => void;
  role?: Extract<AriaRole, 'dialog' | 'alertdialog'>;
  labelledBy: string;
  describedBy?: string;
  shadeClassName: string | undefined;
  panelClassName: string | undefined;
  closeOnShade?: boolean;
  /** Where focus starts; else the first focusable element in the panel. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Called as the dialog lets focus go (after the screen behind has re-rendered). */
  onFocusLeave?: () => void;
  children: ReactNode;
}

export function NativeDialog({
  onClose,
  role,
  labelledBy,
  describedBy,
  shadeClassName,
  panelClassName,
  closeOnShade = false,
  initialFocus,
  onFocusLeave,
  children,
}: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const focusReturn = useFocusReturn();
  // The latest handlers, for the unmount that runs with the first render's closure.
  const leave = useRef({ focusReturn, onFocusLeave });
  useLayoutEffect(() => {
    leave.current = { focusReturn, onFocusLeave };
  });
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const event = (target: Element) => ({ target, defaultPrevented: false, preventDefault() {} });
    leave.current.focusReturn.onOpenAutoFocus(event(dialog) as unknown as Event);
    const hidden = hideOthers(dialog);
    // jsdom has no showModal: the open attribute shows it there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    const first = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      for (const element of hidden) element.removeAttribute('aria-hidden');
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      // As the library did: after the screen has re-rendered (a removed row's next button).
      setTimeout(() => {
        leave.current.focusReturn.onCloseAutoFocus(event(document.body) as unknown as Event);
        leave.current.onFocusLeave?.();
      }, 0);
    };
    // Once per opening: the dialog is mounted only while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // The browser's own Escape close: the screen's state decides instead.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          keepTabInside(event.currentTarget, event);
          return;
        }
        if (event.key !== 'Escape') return;
        event.preventDefault();
        // A dialog over another closes alone.
        event.stopPropagation();
        onClose();
      }}
    >
      <div
        className={shadeClassName}
        onClick={closeOnShade ? onClose : undefined}
        aria-hidden="true"
      />
      <div className={panelClassName}>
        <CloseContext.Provider value={onClose}>{children}</CloseContext.Provider>
      </div>
    </dialog>,
    document.body,
  );
}

/**
 * Tab from the last control goes round to the first, Shift+Tab from the first to the last: the
 * browser would let focus leave the page for its own toolbar, which a phone's keyboard user
 * does not expect (and a dialog over another keeps Tab to itself).
 */
function keepTabInside(dialog: HTMLElement, event: KeyboardEvent<HTMLElement>): void {
  if (event.defaultPrevented) return;
  // The innermost dialog decides; the one behind it does not go round as well.
  event.stopPropagation();
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      typeof element.checkVisibility !== 'function' ||
      element.checkVisibility({ visibilityProperty: true }),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** Hides from assistive technology what is beside the dialog; returns what it hid. */
function hideOthers(dialog: HTMLElement): Element[] {
  const hidden: Element[] = [];
  for (const element of document.body.children) {
    if (element === dialog || element.contains(dialog)) continue;
    if (element.getAttribute('aria-hidden') === 'true') continue;
    if (element.tagName === 'SCRIPT' || element.tagName === 'STYLE') continue;
    element.setAttribute('aria-hidden', 'true');
    hidden.push(element);
  }
  return hidden;
}

/** Its one child (a button) also closes the dialog it is in when pressed. */
export function DialogClose({
  children,
}: {
  /** Kept for the callers written for radix's Close; the child is always the button. */
  asChild?: boolean;
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
}) {
  const close = useContext(CloseContext);
  const own = children.props.onClick;
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      own?.(event);
      if (!event.defaultPrevented) close();
    },
  });
}
