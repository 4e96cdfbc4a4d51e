// The cart (spec section 3 "Cart line"): device state, kept per person in localStorage under
// `streetmed.cart:<owner>` (owner 'user-<id>' or 'guest'), so it survives a reload, a
// relaunch offline and a crash, and another tab sees the same cart (the 'storage' event).
// localStorage rather than Dexie: a few lines of item names, read synchronously so the
// header's count is right on the first paint, and no change to the shared Dexie schema.
// Delivery details are personal and are not kept here. Every cart on the device is emptied
// at an explicit logout (the hook below).
import { nameKey } from '#shared/rules/order-lines';
import { registerLogoutHook } from '../../../session/logout.ts';

export interface CartLine {
  /** 'Name' or 'Name (Size)'; lines with the same name are one line. */
  name: string;
  /** 0 or more: the cart's amount field goes down to 0 (spec section 9). */
  quantity: number;
  imageId?: string | null;
  description?: string | null;
  category?: string | null;
}

export type CartOwner = `user-${number}` | 'guest';

const PREFIX = 'streetmed.cart:';
const EMPTY: readonly CartLine[] = Object.freeze([]);

const cache = new Map<CartOwner, readonly CartLine[]>();
const listeners = new Set<() => void>();

function storageKey(owner: CartOwner): string {
  return `${PREFIX}${owner}`;
}

function isLine(value: unknown): value is CartLine {
  const v = value as Partial<CartLine> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 0
  );
}

function readStored(owner: CartOwner): readonly CartLine[] {
  try {
    const text = localStorage.getItem(storageKey(owner));
    const parsed: unknown = text === null ? [] : JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isLine) : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function getCart(owner: CartOwner): readonly CartLine[] {
  let lines = cache.get(owner);
  if (lines === undefined) {
    lines = readStored(owner);
    cache.set(owner, lines);
  }
  return lines;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function setCart(owner: CartOwner, lines: readonly CartLine[]): void {
  cache.set(owner, lines);
  try {
    if (lines.length === 0) localStorage.removeItem(storageKey(owner));
    else localStorage.setItem(storageKey(owner), JSON.stringify(lines));
  } catch {
    // Storage full or disabled: the cart still works for this page.
  }
  notify();
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a line; a line with the same name (any case) adds to its quantity (spec section 5). */
export function addToCart(owner: CartOwner, line: CartLine): void {
  const lines = getCart(owner);
  const key = nameKey(line.name);
  const index = lines.findIndex((l) => nameKey(l.name) === key);
  if (index === -1) {
    setCart(owner, [...lines, line]);
    return;
  }
  setCart(
    owner,
    lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + line.quantity } : l)),
  );
}

export function setLineQuantity(owner: CartOwner, name: string, quantity: number): void {
  setCart(
    owner,
    getCart(owner).map((l) => (l.name === name ? { ...l, quantity } : l)),
  );
}

export function removeLine(owner: CartOwner, name: string): void {
  setCart(
    owner,
    getCart(owner).filter((l) => l.name !== name),
  );
}

export function clearCart(owner: CartOwner): void {
  setCart(owner, EMPTY);
}

/** Lines that would be ordered: an amount of 0 keeps the line in the cart but orders none. */
export function orderedLines(lines: readonly CartLine[]): CartLine[] {
  return lines.filter((l) => l.quantity > 0);
}

/** Removes stored carts the predicate picks (by owner). */
function dropCarts(drop: (owner: string) => boolean): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key?.startsWith(PREFIX) === true && drop(key.slice(PREFIX.length))) {
        localStorage.removeItem(key);
      }
    }
  } catch {
    // Nothing stored, or storage disabled.
  }
  cache.clear();
  notify();
}

function clearAllCarts(): void {
  dropCarts(() => true);
}

/**
 * A signed-in client's cart screen drops other accounts' carts: the logout hook runs only in
 * a page that loaded this module, so a cart can outlive a logout made from another screen.
 */
export function dropOtherAccountsCarts(owner: CartOwner): void {
  dropCarts((other) => other !== owner && other !== 'guest');
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && !event.key.startsWith(PREFIX)) return;
  cache.clear();
  notify();
}

registerLogoutHook(async () => clearAllCarts());
if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
