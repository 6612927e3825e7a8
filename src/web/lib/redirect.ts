/**
 * "Sign in and come back" for React Router: read the `redirect` query parameter safely, and build the
 * sign-in link that returns to the current page. The validation rules are in src/domain/redirect.ts.
 */
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeRedirectPath, signInPath } from '@domain/redirect.ts';

/**
 * The page's `?redirect=` target when it is a safe same-site path, otherwise `fallback`
 * (pass null to tell "none given" apart from a default).
 */
export function useRedirectTarget<F extends string | null>(fallback: F): string | F {
  const [params] = useSearchParams();
  return safeRedirectPath(params.get(REDIRECT_PARAM), fallback);
}

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
