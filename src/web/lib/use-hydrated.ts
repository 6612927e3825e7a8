import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and hydrates that HTML, true from the render after: lets a
 * server-rendered page keep a control that needs JavaScript (a form that is not a plain GET) disabled until
 * it works, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
