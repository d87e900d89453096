import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

const EVENT = 'lectern:cart-count';

/** The header's cart count comes from the locally persisted cartItemsCount. */
export function setCartCount(count: number): void {
  writeStorage(storageKeys.cartItemsCount, String(Math.max(0, count)));
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => Number(readStorage(storageKeys.cartItemsCount) ?? 0) || 0,
    () => 0,
  );
}
