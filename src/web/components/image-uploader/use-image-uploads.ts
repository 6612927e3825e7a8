/**
 * The uploads in flight for an `ImageUploader`: one entry per chosen file with a local preview, progress,
 * and the refusal message when the browser or the server turned it down. Entries of a batch stay until the
 * whole batch has settled, then the successful ones are handed back together (in the order the files were
 * chosen) and leave; refused ones stay, with their message, until dismissed. Leaving the page cancels the
 * uploads and frees the previews.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadBucket, UploadedImage } from '@domain/images.ts';
import { errorMessage } from '../../lib/api.ts';
import { isAbortError, uploadImage } from '../../lib/upload.ts';

export interface PendingUpload {
  key: string;
  fileName: string;
  /** An object URL of the chosen file, for the preview while it uploads. */
  previewUrl: string;
  /** 0–100. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
  /** Why it was refused (the server's message, or the browser-side check's). */
  error: string | null;
}

export interface BatchResult {
  uploaded: UploadedImage[];
  failed: { file: File; error: unknown }[];
}

export const UPLOAD_FAILED_MESSAGE = 'Failed to upload image';

export function useImageUploads(bucket: UploadBucket) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());
  const nextKey = useRef(0);
  const alive = useRef(false);

  useEffect(() => {
    alive.current = true;
    const active = controllers.current;
    const urls = previews.current;
    return () => {
      alive.current = false;
      for (const controller of active.values()) controller.abort();
      active.clear();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<PendingUpload>) => {
    setPending((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const drop = useCallback((keys: readonly string[]) => {
    for (const key of keys) {
      const url = previews.current.get(key);
      if (url) URL.revokeObjectURL(url);
      previews.current.delete(key);
    }
    setPending((list) => list.filter((entry) => !keys.includes(entry.key)));
  }, []);

  /**
   * Upload the files in parallel. Resolves once all have settled, with the uploads that succeeded in file
   * order; null when the component went away meanwhile (nothing must change then).
   */
  const uploadBatch = useCallback(
    async (files: readonly File[]): Promise<BatchResult | null> => {
      const entries = files.map((file) => {
        const key = `upload-${nextKey.current++}`;
        const previewUrl = URL.createObjectURL(file);
        previews.current.set(key, previewUrl);
        return { key, file, previewUrl };
      });
      setPending((list) => [
        ...list,
        ...entries.map(({ key, file, previewUrl }) => ({
          key,
          fileName: file.name,
          previewUrl,
          progress: 0,
          status: 'uploading' as const,
          error: null,
        })),
      ]);

      const outcomes = await Promise.all(
        entries.map(async ({ key, file }) => {
          const controller = new AbortController();
          controllers.current.set(key, controller);
          try {
            const image = await uploadImage(bucket, file, {
              signal: controller.signal,
              onProgress: (progress) => patch(key, { progress }),
            });
            patch(key, { status: 'done', progress: 100 });
            return { key, file, image, error: null };
          } catch (error) {
            if (!isAbortError(error)) {
              patch(key, { status: 'error', progress: 0, error: errorMessage(error, UPLOAD_FAILED_MESSAGE) });
            }
            return { key, file, image: null, error };
          } finally {
            controllers.current.delete(key);
          }
        }),
      );
      if (!alive.current) return null;

      const succeeded = outcomes.filter((outcome) => outcome.image !== null);
      drop(succeeded.map((outcome) => outcome.key));
      return {
        uploaded: succeeded.map((outcome) => outcome.image!),
        failed: outcomes
          .filter((outcome) => outcome.image === null && !isAbortError(outcome.error))
          .map(({ file, error }) => ({ file, error })),
      };
    },
    [bucket, drop, patch],
  );

  const dismiss = useCallback((key: string) => drop([key]), [drop]);

  return {
    pending,
    /** Uploads still running (they count against the image allowance). */
    inFlight: pending.filter((entry) => entry.status !== 'error').length,
    uploadBatch,
    dismiss,
  };
}
