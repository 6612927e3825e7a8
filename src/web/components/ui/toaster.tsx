import { useEffect, useState, useSyncExternalStore, type ComponentType, type CSSProperties } from 'react';
import type { ToasterProps } from 'sonner';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import { loadSonner, toasterState } from '../../lib/toast.ts';

/**
 * Sonner's rich-colour texts (e.g. red 45 % lightness on its pale red) fall short of 4.5:1; darker shades
 * of the same hues meet it. The toaster is always in its light theme.
 */
const TOAST_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

/**
 * The app's toaster, mounted in the browser only and only once wanted: on the first toast, or when the
 * browser is idle after the page has loaded (src/web/lib/toast.ts). The server and the hydrating render
 * show nothing here, so they agree.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.wanted, () => false);
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => whenIdleAfterLoad(() => toasterState.want()), []);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSonner().then(({ Toaster: loaded }) => {
      if (live) setSonner(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  // The Toaster subscribes in its own effect, which runs before this one: from here on toasts reach it.
  useEffect(() => {
    if (Sonner) toasterState.mounted();
  }, [Sonner]);

  if (!Sonner) return null;
  return <Sonner richColors position="top-center" closeButton theme="light" style={TOAST_COLOURS} />;
}
