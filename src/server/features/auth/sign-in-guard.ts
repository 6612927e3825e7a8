/**
 * Guessing protection for sign-in (OWASP ASVS 6.3; docs/decisions/0029-sign-in-behind-shared-addresses.md).
 * Learners sign in from schools and homes that share one public address, so an address is never locked and
 * one account's failures never reach another account. Failures, not attempts, are counted, and each counter
 * is forgotten `windowMs` after its last failure:
 *
 * - per account and address ("pair"): after `perPair` failures, further attempts on that account from that
 *   address wait 1, 2, 4 … up to `maxDelayMs` seconds after the last failure (the guesser is slowed down;
 *   the owner elsewhere is not touched);
 * - per account across addresses: after `perAccount` failures, the same progressive wait for every
 *   address (guessing spread over many addresses);
 * - per address across accounts: after `perAddress` failures, the same progressive wait, but only for
 *   accounts that address is failing on itself (a sprayer's second round); every other account signs in
 *   from that address as if nothing happened.
 *
 * Waits are delays, never locks: after the wait one attempt may go ahead. A browser where the owner signed
 * in before carries a signed device cookie for the account and waits for none of them, so a correct
 * password from a known device is never refused; only a cookie that itself sent `perDevice` wrong passwords
 * (someone else at the owner's shared computer) loses that privilege until its failures are forgotten. At
 * most `maxInFlight` passwords of one account (or of one known device) are checked at the same moment, so
 * a burst of parallel guesses cannot slip past counters that have not been written yet.
 *
 * Counters live in a `CounterStore` (memory per process by default; Redis with REDIS_URL, where a store
 * that cannot be reached makes `attempt` throw CounterStoreUnavailableError: sign-in fails closed). The clock is
 * injected, so tests move time instead of waiting.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createMemoryCounterStore, type Counter, type CounterStore } from '../../counter-store.ts';

export interface SignInGuardConfig {
  /** Failures for one account from one address before that address waits between attempts. */
  perPair: number;
  /** Failures for one account from all addresses before every unknown device waits. */
  perAccount: number;
  /** Failures from one address, all accounts, before it waits on the accounts it is failing on. */
  perAddress: number;
  /** Wrong passwords sent with one device cookie before that cookie stops exempting from waits. */
  perDevice: number;
  /** A counter is forgotten this long after its last failure. */
  windowMs: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Password checks of one account running at the same moment. */
  maxInFlight: number;
}

export type RefusalReason = 'pair' | 'account' | 'address' | 'busy';
export interface GuardRefusal {
  retryAfterSeconds: number;
  reason: RefusalReason;
}
export type GuardOutcome<T> = { allowed: true; value: T } | ({ allowed: false } & GuardRefusal);

/** How long an in-flight mark may outlive a request that never finished (a crash mid-check). */
const IN_FLIGHT_TTL_MS = 60_000;

export function createSignInGuard(
  config: SignInGuardConfig,
  secret: string,
  opts: { store?: CounterStore; now?: () => number } = {},
) {
  const now = opts.now ?? Date.now;
  const store = opts.store ?? createMemoryCounterStore(now);

  const keys = (email: string, ip: string) => ({
    pair: `signin:pair:${email}|${ip}`,
    account: `signin:account:${email}`,
    address: `signin:address:${ip}`,
  });
  const deviceKey = (nonce: string) => `signin:device:${nonce}`;

  /** The wait (ms) a counter asks for: none below `free` failures, then base · 2^(excess), capped. */
  function waitOf(counter: Counter | null, free: number, t: number): number {
    if (!counter || counter.count < free) return 0;
    const delay = Math.min(config.baseDelayMs * 2 ** (counter.count - free), config.maxDelayMs);
    return counter.lastAt + delay - t;
  }

  function sign(email: string, nonce: string): string {
    return createHmac('sha256', secret).update(`device|${email}|${nonce}`).digest('base64url');
  }

  /** The nonce of a device cookie this server issued for this account, or null. */
  function deviceNonce(email: string, token: string | undefined): string | null {
    if (!token) return null;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(email, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
  }

  /** Why this attempt must wait, or null when it may go ahead. */
  async function refusal(email: string, ip: string, trusted: boolean): Promise<GuardRefusal | null> {
    if (trusted) return null;
    const k = keys(email, ip);
    const [pair, account, address] = await Promise.all([
      store.get(k.pair),
      store.get(k.account),
      store.get(k.address),
    ]);
    const t = now();
    const waits: [RefusalReason, number][] = [
      ['pair', waitOf(pair, config.perPair, t)],
      ['account', waitOf(account, config.perAccount, t)],
      // The address-wide count only slows the accounts this address is failing on.
      ['address', pair && pair.count > 0 ? waitOf(address, config.perAddress, t) : 0],
    ];
    const [reason, wait] = waits.reduce((a, b) => (b[1] > a[1] ? b : a));
    return wait > 0 ? { reason, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) } : null;
  }

  return {
    /**
     * One sign-in attempt: refused at once when it must wait; otherwise `run` checks the password, and a
     * failure that `isWrongPassword` recognises is counted, while a success clears the account's counters
     * (not the address's: a sprayer signing in to its own account must not start afresh).
     */
    async attempt<T>(
      who: { email: string; ip: string; deviceToken: string | undefined },
      run: () => Promise<T>,
      isWrongPassword: (err: unknown) => boolean,
    ): Promise<GuardOutcome<T>> {
      const { email, ip } = who;
      const k = keys(email, ip);
      const nonce = deviceNonce(email, who.deviceToken);
      const deviceFailures = nonce ? await store.get(deviceKey(nonce)) : null;
      const trusted = nonce !== null && (deviceFailures?.count ?? 0) < config.perDevice;
      const wait = await refusal(email, ip, trusted);
      if (wait) return { allowed: false, ...wait };

      // A known device counts its own checks in flight, so nobody else's burst can hold the owner up.
      const inFlightKey = trusted ? `signin:inflight:device:${nonce}` : `signin:inflight:${email}`;
      const inFlight = await store.increment(inFlightKey, IN_FLIGHT_TTL_MS);
      try {
        if (inFlight.count > config.maxInFlight) {
          return { allowed: false, reason: 'busy', retryAfterSeconds: 1 };
        }
        let value: T;
        try {
          value = await run();
        } catch (err) {
          if (isWrongPassword(err)) {
            await Promise.all([
              store.increment(k.pair, config.windowMs),
              store.increment(k.account, config.windowMs),
              store.increment(k.address, config.windowMs),
              nonce ? store.increment(deviceKey(nonce), config.windowMs) : undefined,
            ]);
          }
          throw err;
        }
        // The password was right: a store that fails now must not refuse the session already made.
        await Promise.all([
          store.reset(k.pair),
          store.reset(k.account),
          nonce ? store.reset(deviceKey(nonce)) : undefined,
        ]).catch(() => undefined);
        return { allowed: true, value };
      } finally {
        // A shared store that just went down must not turn a finished check into an error: the mark
        // expires by itself.
        await store.increment(inFlightKey, IN_FLIGHT_TTL_MS, -1).catch(() => undefined);
      }
    },

    /** A device cookie value for the account: a random nonce and its signature. */
    deviceToken(email: string): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${sign(email, nonce)}`;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
