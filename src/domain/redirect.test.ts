import { describe, expect, it } from 'vitest';
import {
  isSafeRedirectPath,
  REDIRECT_MAX_LENGTH,
  REDIRECT_PARAM,
  safeRedirectPath,
  signInPath,
} from './redirect.ts';

describe('safeRedirectPath: same-site paths pass', () => {
  it.each([
    '/',
    '/dashboard',
    '/admin/listings?tab=all&page=3&sort=title&dir=asc',
    '/listings/9b2f6c1e-0000-4000-8000-000000000000#reviews',
    '/browse?search=caf%C3%A9',
    '/browse?search=a%2Fb',
    '/a//b',
    '/browse?ref=https://example.com',
  ])('%s', (value) => {
    expect(safeRedirectPath(value, '/fallback')).toBe(value);
    expect(isSafeRedirectPath(value)).toBe(true);
  });
});

describe('safeRedirectPath: anything that could leave the site gives the fallback', () => {
  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/dashboard'],
    ['backslash host', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['backslash later in the path', '/dashboard\\..\\\\evil.com'],
    ['absolute https', 'https://evil.com'],
    ['absolute http', 'http://evil.com/dashboard'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript with slash', '/javascript:alert(1)\n//'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'dashboard'],
    ['dot relative', './dashboard'],
    ['tab hides a slash', '/\t/evil.com'],
    ['newline hides a slash', '/\n/evil.com'],
    ['carriage return', '/\r/evil.com'],
    ['NUL byte', '/dashboard\u0000'],
    ['DEL', '/dash\u007fboard'],
    ['C1 control', '/dash\u0085board'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['encoded slash after slash', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded backslash lower case', '/%5cevil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['encoded newline', '/%0A/evil.com'],
    ['double-encoded slashes', '/%252F%252Fevil.com'],
    ['triple-encoded slashes', '/%25252F%25252Fevil.com'],
    ['fully encoded protocol-relative', '%2F%2Fevil.com'],
    ['malformed escape in the path', '/%E0%A4%A'],
    ['leading space', ' /dashboard'],
    ['empty', ''],
  ])('%s', (_name, value) => {
    expect(safeRedirectPath(value, '/fallback')).toBe('/fallback');
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  it('refuses very long input, and accepts the longest allowed', () => {
    const longest = `/${'a'.repeat(REDIRECT_MAX_LENGTH - 1)}`;
    expect(safeRedirectPath(longest, null)).toBe(longest);
    expect(safeRedirectPath(`${longest}a`, null)).toBeNull();
    expect(safeRedirectPath(`/${'%2F'.repeat(100_000)}`, null)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    for (const value of [null, undefined, 42, {}, ['/dashboard']]) {
      expect(safeRedirectPath(value, '/dashboard')).toBe('/dashboard');
    }
  });

  it('lets the caller ask for null instead of a path', () => {
    expect(safeRedirectPath('//evil.com', null)).toBeNull();
    expect(safeRedirectPath('/ok', null)).toBe('/ok');
  });
});

describe('signInPath', () => {
  it('carries the current path and search, encoded', () => {
    expect(signInPath('/admin/listings?tab=all&page=2')).toBe(
      '/auth?redirect=%2Fadmin%2Flistings%3Ftab%3Dall%26page%3D2',
    );
  });

  it('round-trips through URLSearchParams to the same safe path', () => {
    const back = '/browse?search=caf%C3%A9&province=gauteng';
    const params = new URLSearchParams(signInPath(back).split('?')[1]);
    expect(params.get(REDIRECT_PARAM)).toBe(back);
    expect(safeRedirectPath(params.get(REDIRECT_PARAM), null)).toBe(back);
  });

  it('gives plain /auth for unsafe targets and for the sign-in page itself', () => {
    expect(signInPath('//evil.com')).toBe('/auth');
    expect(signInPath(null)).toBe('/auth');
    expect(signInPath('/auth')).toBe('/auth');
    expect(signInPath('/auth?redirect=%2Fdashboard')).toBe('/auth');
  });

  it('does not mistake a longer path for the sign-in page', () => {
    expect(signInPath('/authors')).toBe('/auth?redirect=%2Fauthors');
  });
});
