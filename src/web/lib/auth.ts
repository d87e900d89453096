import { useSyncExternalStore } from 'react';
import type { TokenPair } from '../../shared/accounts';
import { readStorage, storageKeys, writeStorage } from './storage';
import { forgetHandoff } from './token-handoff';

const EVENT = 'lectern:auth';

export type { TokenPair } from '../../shared/accounts';

/** Login stores both tokens; login state is judged only by the access token (spec). */
export function setTokens(tokens: TokenPair): void {
  writeStorage(storageKeys.accessToken, tokens.access);
  writeStorage(storageKeys.refreshToken, tokens.refresh);
  window.dispatchEvent(new Event(EVENT));
}

export function clearTokens(): void {
  writeStorage(storageKeys.accessToken, null);
  writeStorage(storageKeys.refreshToken, null);
  writeStorage(storageKeys.userId, null);
  void forgetHandoff();
  window.dispatchEvent(new Event(EVENT));
}

export function setUserId(userId: number): void {
  writeStorage(storageKeys.userId, String(userId));
}

export function getUserId(): number | undefined {
  const value = Number(readStorage(storageKeys.userId));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

/** Re-renders when the user signs in or out (in this tab or another). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(readStorage(storageKeys.accessToken)),
    () => false,
  );
}
