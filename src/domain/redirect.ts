/**
 * Same-site redirect targets: the `redirect` query parameter of "sign in and come back". Pure, so the
 * server can refuse the same values the browser does.
 *
 * A target is accepted only when it is a path on this site: it starts with exactly one '/', holds no
 * backslash or control character, and stays so after percent-decoding (a proxy or server may decode
 * once more before redirecting). Anything else is replaced by the caller's fallback.
 */

export const REDIRECT_PARAM = 'redirect';
/** Longer values are refused outright: no real path of this app is anywhere near it. */
export const REDIRECT_MAX_LENGTH = 2048;
/** Where "sign in and come back" sends the visitor. */
export const SIGN_IN_PATH = '/auth';

/** How many rounds of percent-decoding are checked (`%252F` is `/` after two). */
const DECODE_ROUNDS = 3;
/** Resolving against this origin must give this origin back; any other result left the site. */
const PROBE_ORIGIN = 'https://same-site.invalid';

/** C0 controls, DEL and C1 controls. The URL parser silently drops tab, CR and LF, so '/\t/x' means '//x'. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A single leading '/', not followed by '/' or '\' (both mean "another host" to a browser). */
function startsAsLocalPath(value: string): boolean {
  return value.startsWith('/') && value[1] !== '/' && value[1] !== '\\';
}

function isLocalPathText(value: string): boolean {
  return startsAsLocalPath(value) && !value.includes('\\') && !hasControlCharacter(value);
}

/** The path part (before '?' or '#'), where decoding could turn into a host. */
function pathPart(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}

/** Whether the path part stays a local path through every round of decoding; malformed escapes fail. */
function survivesDecoding(value: string): boolean {
  let current = pathPart(value);
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (!isLocalPathText(decoded)) return false;
    current = decoded;
  }
  // Still changing after the last round: deliberately layered encoding, which no link of ours produces.
  return false;
}

function resolvesOnSameSite(value: string): boolean {
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** Whether `value` is a path on this site that is safe to navigate or redirect to. */
export function isSafeRedirectPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= REDIRECT_MAX_LENGTH &&
    isLocalPathText(value) &&
    survivesDecoding(value) &&
    resolvesOnSameSite(value)
  );
}

/**
 * `value` when it is a safe same-site path, otherwise `fallback` (a path of the caller's choosing, or null
 * when the caller wants to know that there was none).
 */
export function safeRedirectPath<F extends string | null>(value: unknown, fallback: F): string | F {
  return isSafeRedirectPath(value) ? value : fallback;
}

function isSignInPath(path: string): boolean {
  if (!path.startsWith(SIGN_IN_PATH)) return false;
  const next = path.charAt(SIGN_IN_PATH.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/**
 * The sign-in page with a way back: `/auth?redirect=%2Fadmin%2Flistings%3Ftab%3Dall`. `returnTo` is the
 * current path and search; an unsafe value, or the sign-in page itself, gives plain `/auth`.
 */
export function signInPath(returnTo: string | null | undefined): string {
  const target = safeRedirectPath(returnTo, null);
  if (target === null || isSignInPath(target)) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
