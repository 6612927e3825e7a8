/** Whether a CSS media query matches, kept current as the window changes (e.g. phone vs wider layouts). */
import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it, layouts switch to their phone form. */
export const SM_UP = '(min-width: 640px)';

export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
