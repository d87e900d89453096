import { API_BASE } from '../api/client';
import { clearTokens } from './auth';
import { readStorage, storageKeys } from './storage';

/**
 * Sign-out (spec): revoke the refresh token, clear the tokens, go home with a reload. A 401 or any
 * failure still clears the tokens and goes to /login.
 */
export async function signOut(): Promise<void> {
  const refresh = readStorage(storageKeys.refreshToken);
  const access = readStorage(storageKeys.accessToken);
  if (!access) {
    window.location.assign('/login');
    return;
  }
  const ok = await fetch(`${API_BASE}/logout/`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({ refresh_token: refresh ?? '' }),
  }).then(
    (res) => res.ok,
    () => false,
  );
  clearTokens();
  window.location.assign(ok ? '/' : '/login');
}
