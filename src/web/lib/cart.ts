import { setCartCount } from './cartCount';
import { readStorage, storageKeys, writeStorage } from './storage';

/** Where a guest's checkout email is remembered, so an add-to-cart reminder can reach them later. */
const GUEST_EMAIL_KEY = 'guestEmail';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The client's cart id (a UUID in localStorage cartId), or undefined before the first add. */
export function getCartId(): string | undefined {
  const id = readStorage(storageKeys.cartId);
  return id && UUID.test(id) ? id : undefined;
}

/** The cart id, created on first use. */
export function ensureCartId(): string {
  const existing = getCartId();
  if (existing) return existing;
  const id = newUuid();
  writeStorage(storageKeys.cartId, id);
  return id;
}

/** After a confirmed purchase: the cart id is forgotten and the header count goes to 0. */
export function clearCart(): void {
  writeStorage(storageKeys.cartId, null);
  setCartCount(0);
}

/** Which cart the remembered guest email was typed in. */
const GUEST_EMAIL_CART_KEY = 'guestEmailCart';

/**
 * Remembers the address a guest's reminder was asked for, with the cart that asked: the server lets
 * a cart remind one address only (409 for another), so this cart asks for no other.
 */
export function rememberGuestEmail(email: string): void {
  writeStorage(GUEST_EMAIL_KEY, email.trim().toLowerCase());
  writeStorage(GUEST_EMAIL_CART_KEY, getCartId() ?? null);
}

export function getGuestEmail(): string | undefined {
  return readStorage(GUEST_EMAIL_KEY) ?? undefined;
}

/** The guest address this browser's current cart asked a reminder for, if any (an address remembered for an earlier cart is not this cart's). */
export function guestEmailOfThisCart(): string | undefined {
  const cartId = getCartId();
  return cartId && readStorage(GUEST_EMAIL_CART_KEY) === cartId ? getGuestEmail() : undefined;
}
