/**
 * "Sign in and come back" for React Router: read the `redirect` query parameter safely, and build the
 * sign-in link that returns to the current page. The validation rules are in src/domain/redirect.ts.
 */
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
