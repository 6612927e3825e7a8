/**
 * The browser's half of the form guard (decision 0059): a form that writes (the enquiry dialog, sign-up)
 * asks the server for a signed token when it opens, renders `HoneypotField` with `honeypotRef`, and sends
 * `await guard.fields()` with its values. `fields()` waits, when needed, until the server's minimum fill time
 * has passed since the token arrived, so a person who fills a form quickly (or whose browser fills it) is
 * held for a moment rather than taken for a bot; it fetches a token first if the form has none yet.
 */
import { useCallback, useEffect, useRef } from 'react';
import { FORM_GUARD, type FormGuardFields, type FormTokenResponse } from '@domain/spam.ts';
import { api } from './api.ts';

interface Issued {
  token: string;
  /** When it arrived, by this browser's clock (the server issued it earlier still). */
  receivedAt: number;
}

/** A margin over the server's minimum, for the time between reading the clock here and there. */
const MARGIN_MS = 250;

const fresh = (issued: Issued | null): issued is Issued =>
  issued !== null && Date.now() - issued.receivedAt < FORM_GUARD.tokenMaxAgeMs / 2;

/** `active`: fetch the token now (a dialog passes its open state, so the time counts from its opening). */
export function useFormGuard(active = true) {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const issued = useRef<Issued | null>(null);
  const pending = useRef<Promise<Issued> | null>(null);

  const fetchToken = useCallback((): Promise<Issued> => {
    pending.current ??= api
      .get<FormTokenResponse>('/api/form-token')
      .then(({ token }) => (issued.current = { token, receivedAt: Date.now() }))
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, []);

  useEffect(() => {
    // A failure here is retried by fields(), whose caller shows it.
    if (active && !fresh(issued.current)) fetchToken().catch(() => undefined);
  }, [active, fetchToken]);

  const fields = useCallback(async (): Promise<FormGuardFields> => {
    const current = fresh(issued.current) ? issued.current : await fetchToken();
    const wait = current.receivedAt + FORM_GUARD.minFillMs + MARGIN_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => window.setTimeout(resolve, wait));
    return { formToken: current.token, website: honeypotRef.current?.value ?? '' };
  }, [fetchToken]);

  return { honeypotRef, fields };
}
