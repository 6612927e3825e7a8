/**
 * Guessing protection for sign-in (OWASP ASVS 6.3; docs/decisions/0007-hardening.md). Failures are counted,
 * successes are not, and a success clears the account's counters:
 *
 * - per account and address: after `perPair` failures that address may not try that account again until
 *   the window ends (the guesser is stopped, the owner elsewhere is not);
 * - per address across accounts: after `perIp` failures the address is refused (password spraying);
 * - per account across addresses: after `perEmail` failures, clients that have never signed in to that
 *   account are slowed down, not locked: each further attempt must wait 1, 2, 4 … up to `maxDelayMs` after
 *   the last failure. A browser where the owner signed in before carries a signed device cookie for the
 *   account and is not slowed down, so nobody can lock the owner out by failing on purpose.
 *
 * Counters live in memory (per process), like the other rate limits.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SignInGuardConfig {
  perPair: number;
  perIp: number;
  perEmail: number;
  windowMs: number;
  maxDelayMs: number;
}

export type GuardVerdict =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: 'pair' | 'ip' | 'account' };

interface Counter {
  count: number;
  resetAt: number;
  lastFailureAt: number;
}

const MAX_ENTRIES = 50_000;

export function createSignInGuard(config: SignInGuardConfig, secret: string, now: () => number = Date.now) {
  const counters = new Map<string, Counter>();

  function read(key: string): Counter | undefined {
    const c = counters.get(key);
    if (c && c.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return c;
  }

  function bump(key: string) {
    const t = now();
    const c = read(key);
    if (c) {
      c.count += 1;
      c.lastFailureAt = t;
    } else {
      if (counters.size >= MAX_ENTRIES) sweep();
      counters.set(key, { count: 1, resetAt: t + config.windowMs, lastFailureAt: t });
    }
  }

  function sweep() {
    const t = now();
    for (const [key, c] of counters) if (c.resetAt <= t) counters.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    for (const key of counters.keys()) {
      if (counters.size < MAX_ENTRIES * 0.9) break;
      counters.delete(key);
    }
  }

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const keys = (email: string, ip: string) => ({
    pair: `pair:${email}|${ip}`,
    ip: `ip:${ip}`,
    account: `account:${email}`,
  });

  function sign(email: string, nonce: string): string {
    return createHmac('sha256', secret).update(`device|${email}|${nonce}`).digest('base64url');
  }

  return {
    /** Whether an attempt may go ahead. `trustedDevice`: the client showed a valid device cookie. */
    check(email: string, ip: string, trustedDevice: boolean): GuardVerdict {
      const k = keys(email, ip);
      const t = now();
      const pair = read(k.pair);
      if (pair && pair.count >= config.perPair)
        return { allowed: false, retryAfterSeconds: seconds(pair.resetAt - t), reason: 'pair' };
      const byIp = read(k.ip);
      if (byIp && byIp.count >= config.perIp)
        return { allowed: false, retryAfterSeconds: seconds(byIp.resetAt - t), reason: 'ip' };
      const account = read(k.account);
      if (!trustedDevice && account && account.count >= config.perEmail) {
        const delay = Math.min(2 ** (account.count - config.perEmail) * 1000, config.maxDelayMs);
        const wait = account.lastFailureAt + delay - t;
        if (wait > 0) return { allowed: false, retryAfterSeconds: seconds(wait), reason: 'account' };
      }
      return { allowed: true };
    },

    recordFailure(email: string, ip: string) {
      const k = keys(email, ip);
      bump(k.pair);
      bump(k.ip);
      bump(k.account);
    },

    /** The owner got in: their account's counters and this address's pair counter start again. */
    recordSuccess(email: string, ip: string) {
      const k = keys(email, ip);
      counters.delete(k.pair);
      counters.delete(k.account);
    },

    /** A device cookie value for the account: a random nonce and its signature. */
    deviceToken(email: string): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${sign(email, nonce)}`;
    },

    /** Whether a device cookie value was issued by this server for this account. */
    isTrustedDevice(email: string, token: string | undefined): boolean {
      if (!token) return false;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(email, nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
