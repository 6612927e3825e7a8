/**
 * Toasts without sonner in the first download. `toast.success / error / info / message / dismiss` take the
 * same arguments as sonner's (the options the app uses: `id`, `description`, `duration`, `action`); sonner
 * and its Toaster (src/web/components/ui/toaster.tsx) load on the first toast, or when the browser is idle
 * after the page has loaded, whichever comes first. A toast asked for before then is shown as soon as the
 * Toaster listens. Import `toast` from here, never from 'sonner' (decision 0023).
 */
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
export type ToastOptions = Pick<ExternalToast, 'id' | 'description' | 'duration' | 'action'>;
type Kind = 'success' | 'error' | 'info' | 'message';

let sonner: Promise<Sonner> | null = null;
/** Loads sonner once (its module also inserts its stylesheet). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

// Whether the Toaster should be mounted, and a promise kept once it is (its subscription is then live).
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export const toasterState = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => wanted,
  /** Asks for the Toaster: sonner starts loading and the host component mounts it. */
  want(): void {
    if (wanted) return;
    wanted = true;
    void loadSonner();
    for (const listener of listeners) listener();
  },
  /** Called by the host once the Toaster has mounted. */
  mounted(): void {
    markMounted();
  },
};

let sequence = 0;

function show(kind: Kind, message: string, options?: ToastOptions): string | number {
  // The id is known at once, as with sonner, so that a caller can update or dismiss the toast later.
  const id = options?.id ?? `toast-${++sequence}`;
  toasterState.want();
  void Promise.all([loadSonner(), mounted]).then(([{ toast: show }]) => {
    show[kind](message, { ...options, id });
  });
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  message: (message: string, options?: ToastOptions) => show('message', message, options),
  /** Dismisses one toast, or all of them without an id. Nothing to do before sonner has loaded. */
  dismiss(id?: string | number): void {
    if (!sonner) return;
    void Promise.all([sonner, mounted]).then(([{ toast: shown }]) => shown.dismiss(id));
  },
};
