import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { safeRedirectPath } from '@domain/redirect.ts';

/** Merge class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * The `?redirect=` value when it is a same-site path that is safe to navigate to after sign-in, or null.
 * The rules live in `safeRedirectPath` of src/domain/redirect.ts (shared with the server).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  return safeRedirectPath(value, null);
}

/** Only http(s) and mailto/tel links may be rendered from stored content. */
export function isSafeUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    // Relative URLs are on this site (resolved against a fixed base, so server rendering agrees).
    const parsed = new URL(url, 'https://site.invalid');
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol);
  } catch {
    return false;
  }
}
