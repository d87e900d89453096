import { getCookie, readStorage, storageKeys } from '../lib/storage';
import { API_BASE, ApiError, NetworkError, refreshTokens } from './client';

export interface UploadOptions {
  /** Under /api/v1, e.g. `/admin/courses/3/image/`. */
  path: string;
  /** The multipart field the server reads the file from. */
  field: string;
  file: File;
  /** 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  method?: 'POST' | 'PUT';
}

function send<T>({ path, field, file, onProgress, method = 'POST' }: UploadOptions): Promise<{ status: number; data: T | unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStorage(storageKeys.accessToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const csrf = getCookie('csrftoken');
    if (csrf) xhr.setRequestHeader('X-CSRFToken', csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => reject(new NetworkError('The upload did not reach the server. Check your network connection and try again.'));
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}

/**
 * Sends one file as multipart/form-data with the same headers as every API call, reporting
 * progress (fetch cannot report an upload's progress, XMLHttpRequest can). An expired access
 * token is refreshed once. Fails with an ApiError carrying the server's field errors.
 */
export async function uploadFile<T>(options: UploadOptions): Promise<T> {
  let result = await send<T>(options);
  if (result.status === 401 && (result.data as { code?: string } | null)?.code === 'token_not_valid' && (await refreshTokens())) {
    options.onProgress?.(0);
    result = await send<T>(options);
  }
  if (result.status < 200 || result.status >= 300) throw new ApiError(result.status, result.data);
  return result.data as T;
}
