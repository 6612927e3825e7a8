/**
 * Image uploads to `POST /api/uploads` with progress. XMLHttpRequest, because fetch cannot report upload
 * progress. The contract (also in src/domain/images.ts):
 *
 *   multipart/form-data: text field `bucket` (listing-images, logos, avatars, hero-banners, site-assets)
 *   first, then the file field `file`. Same-origin, so the session cookie goes along.
 *   201 { id, url }: `url` is the 800 px WebP variant; `imageVariant(url, 400 | 1600)` gives the others.
 *   Errors: the app's { error: { code, message, fields? } } — 400 NO_FILE / UNSUPPORTED_IMAGE /
 *   INVALID_IMAGE, 413 PAYLOAD_TOO_LARGE, 401, 403, 429.
 *
 * Files with the wrong type or size are refused here with the server's messages and never sent; the
 * server checks again by content.
 */
import {
  checkImageFile,
  UPLOAD_ERRORS,
  uploadedImageSchema,
  type UploadBucket,
  type UploadedImage,
  type UploadErrorCode,
} from '@domain/images.ts';
import { ApiError, apiErrorFrom, NETWORK_ERROR_MESSAGE, parseJson } from './api.ts';

export const UPLOAD_ENDPOINT = '/api/uploads';

export interface UploadImageOptions {
  /** Upload progress in whole percent, 0–100 (100 is sent once the server has answered). */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the request; the promise then rejects with an AbortError DOMException. */
  signal?: AbortSignal;
}

const CLIENT_STATUS: Record<UploadErrorCode, number> = {
  NO_FILE: 400,
  UNSUPPORTED_IMAGE: 400,
  INVALID_IMAGE: 400,
  PAYLOAD_TOO_LARGE: 413,
};

/** Why this file would be refused, as the `ApiError` the server would give; null when it may be sent. */
export function imageFileError(file: File | null | undefined): ApiError | null {
  const problem = checkImageFile(file);
  return problem ? new ApiError(CLIENT_STATUS[problem.code], problem.code, problem.message) : null;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** A refusal as an `ApiError`; answers without the app's body (a proxy's 413, say) get a readable message. */
function uploadError(status: number, statusText: string, data: unknown): ApiError {
  const error = apiErrorFrom(status, statusText, data);
  if (error.code !== 'http_error') return error;
  if (status === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_ERRORS.PAYLOAD_TOO_LARGE);
  if (status === 429) {
    return new ApiError(429, 'RATE_LIMITED', 'Too many uploads. Please wait a moment and try again.');
  }
  return error;
}

/** Upload one image into `bucket`; resolves with its id and 800 px URL, rejects with an `ApiError`. */
export function uploadImage(
  bucket: UploadBucket,
  file: File,
  { onProgress, signal }: UploadImageOptions = {},
): Promise<UploadedImage> {
  const refused = imageFileError(file);
  if (refused) return Promise.reject(refused);
  if (signal?.aborted) return Promise.reject(abortError());

  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const finish = () => signal?.removeEventListener('abort', cancel);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      finish();
      const data = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(uploadError(xhr.status, xhr.statusText, data));
        return;
      }
      const parsed = uploadedImageSchema.safeParse(data);
      if (!parsed.success) {
        reject(
          new ApiError(
            xhr.status,
            'INVALID_RESPONSE',
            'The upload finished but its answer could not be read.',
          ),
        );
        return;
      }
      onProgress?.(100);
      resolve(parsed.data);
    });
    xhr.addEventListener('error', () => {
      finish();
      reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE));
    });
    xhr.addEventListener('abort', () => {
      finish();
      reject(abortError());
    });
    signal?.addEventListener('abort', cancel, { once: true });

    xhr.open('POST', UPLOAD_ENDPOINT);
    xhr.setRequestHeader('Accept', 'application/json');
    const body = new FormData();
    // The bucket goes first: the server reads the fields in order and must know the bucket before the file.
    body.append('bucket', bucket);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
