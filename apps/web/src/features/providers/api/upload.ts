import { ApiError } from '../../../lib/api-client';
import { HTTP_MESSAGES } from '@solar/shared/constants/http';

/**
 * Multipart upload with progress (XMLHttpRequest: fetch reports no upload progress). Errors carry
 * the server's message like the shared helper's.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { message?: string };
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as T);
      const message = body
        ? typeof body.message === 'string' && body.message
          ? body.message
          : HTTP_MESSAGES.noMessage
        : HTTP_MESSAGES.nonJson;
      reject(new ApiError(message, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(HTTP_MESSAGES.unreadable, 0));
    xhr.send(form);
  });
}

/** After a logo or cover upload the returned URL is checked with HEAD (docs/product/providers.md#uploads). */
export async function isReachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}
