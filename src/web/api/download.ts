import { useMutation } from '@tanstack/react-query';
import { readStorage, storageKeys } from '../lib/storage';
import { API_BASE, ApiError, refreshTokens } from './client';

export interface FileDownload {
  /** Under /api/v1 (with or without the prefix). */
  path: string;
  /** The name the browser saves it as. */
  filename: string;
}

function fetchWithBearer(url: string): Promise<Response> {
  const token = readStorage(storageKeys.accessToken);
  return fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/**
 * Fetches a private file (an invoice, a certificate) with the bearer token and hands it to the
 * browser as a download through a temporary blob link. An expired token is refreshed once.
 */
export async function downloadFile({ path, filename }: FileDownload): Promise<void> {
  const url = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
  let response = await fetchWithBearer(url);
  if (response.status === 401 && (await refreshTokens())) response = await fetchWithBearer(url);
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A download button's state: `mutate({ path, filename })`, `isPending` while it runs, `isError` after a failure. */
export function useFileDownload() {
  return useMutation({ mutationFn: downloadFile });
}
