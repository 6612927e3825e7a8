/**
 * "Sign in and come back" for React Router: build the sign-in link that returns to the current page, and
 * land on the control the visitor wanted. The `redirect` parameter is read with `safeRedirect`
 * (lib/utils.ts); the validation rules are in src/domain/redirect.ts.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signInPath } from '@domain/redirect.ts';

/**
 * `/auth?redirect=<this page's path and search>`, for a guard's `<Navigate to={…} replace />` or a
 * "Sign in" link on a page that needs a session.
 */
export function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return signInPath(`${pathname}${search}`);
}

/**
 * `/auth?redirect=<this page><#target>`: the sign-in link of a control that needs a session (a heart, Sign
 * in to Review). After signing in the visitor lands back on the page with `#target`, and the control with
 * that id is scrolled into view and focused (useLandOnTarget), so what they wanted is one tap away.
 */
export function useSignInHref(target?: string): string {
  const { pathname, search } = useLocation();
  return signInPath(`${pathname}${search}${target ? `#${target}` : ''}`);
}

/**
 * Focuses the element with id `target` once it exists (`ready`) when the page was opened with `#target`:
 * the landing half of useSignInHref.
 */
export function useLandOnTarget(target: string, ready: boolean): void {
  const { hash } = useLocation();
  const wanted = hash === `#${target}`;
  useEffect(() => {
    if (!wanted || !ready) return;
    const element = document.getElementById(target);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [wanted, ready, target]);
}
