import type { ApiErrorBody } from '../../shared/error-codes.ts';
import { ApiError } from './api-client.ts';

/**
 * Sends a file's bytes as the request body with upload progress (fetch has none): XMLHttpRequest,
 * same origin, with the session cookie. The CSRF check (decision 061) needs our `Origin`, which
 * the browser adds to every same-origin PUT; the body goes with the file's own type (or the
 * given one). Resolves
 * with the JSON answer; rejects with an ApiError carrying the server's message, as `api` does.
 */
export function uploadFile<T>(
  method: 'PUT' | 'POST',
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  contentType = file.type || 'application/octet-stream',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', contentType);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(data as T);
        return;
      }
      const error = (data as Partial<ApiErrorBody> | undefined)?.error;
      const retryAfter = request.getResponseHeader('Retry-After');
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'http_error',
          error?.message ?? `Request failed (${request.status})`,
          error?.fields ?? {},
          retryAfter ? Number(retryAfter) : undefined,
        ),
      );
    });
    request.addEventListener('error', () => reject(new TypeError('Network error')));
    request.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    request.send(file);
  });
}
