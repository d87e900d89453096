/** Browser storage keys from the spec. Login state is judged only by the access token. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  cartId: 'cartId',
  cartItemsCount: 'cartItemsCount',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the app keeps working without persistence.
  }
}

export function isLoggedIn(): boolean {
  return Boolean(readStorage(storageKeys.accessToken));
}

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The user_ip cookie lives 0.25 day (6 hours), secure, SameSite Strict (spec section 9). */
export function setIpCookie(ip: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `user_ip=${encodeURIComponent(ip)}; Max-Age=${6 * 60 * 60}; Path=/; SameSite=Strict${secure}`;
}
