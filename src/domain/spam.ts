/**
 * Spam and abuse protection shared by the server and the web app (issue 24, decision 0059). No I/O here.
 *
 * - The form guard: public forms that write (the enquiry dialog, sign-up) send a honeypot field, which a
 *   person never sees and leaves empty, and a form token the server signed when the form opened. The server
 *   quietly drops a submission whose honeypot is filled or that came sooner than `FORM_GUARD.minFillMs`
 *   after its token (src/server/form-guard.ts).
 * - Link-only text: a message, reply or comment that is nothing but links is refused with a field message.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const FORM_GUARD = {
  /** The honeypot field's name: bots fill in a field called website, people never see it. */
  honeypotField: 'website',
  /** A submission sooner than this after its form's token was issued is a bot's. */
  minFillMs: 3000,
  /** A token older than this is refused with `FORM_GUARD_MESSAGES.expired` (a form left open for a day). */
  tokenMaxAgeMs: 24 * 60 * 60_000,
} as const;

export const FORM_GUARD_MESSAGES = {
  missing: 'Please reload the page and try again.',
  expired: 'This form has been open too long. Please reload the page and try again.',
  honeypotLabel: 'Leave this field empty',
} as const;

/**
 * The fields a guarded form adds to its request body: spread `formGuardShape` into the body's schema
 * (`z.object({ ...fields, ...formGuardShape })` or `.extend(formGuardShape)`).
 */
export const formGuardShape = {
  /** The honeypot: empty (or missing) from a person. */
  website: text().max(500, FORM_GUARD_MESSAGES.missing).optional(),
  /** From GET /api/form-token when the form opened. */
  formToken: text(FORM_GUARD_MESSAGES.missing)
    .min(1, FORM_GUARD_MESSAGES.missing)
    .max(200, FORM_GUARD_MESSAGES.missing),
};
export const formGuardSchema = z.object(formGuardShape);
export type FormGuardFields = z.infer<typeof formGuardSchema>;

/** Answer of GET /api/form-token. */
export const formTokenResponseSchema = z.object({ token: z.string() });
export type FormTokenResponse = z.infer<typeof formTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Link-only text

export const LINK_ONLY_MESSAGES = {
  message: 'Please write a message, not only links',
  comment: 'Please write a comment, not only links',
} as const;

/**
 * Characters that may wrap a pasted link (<https://…>, (www.…), "…", a closing full stop or comma) or stand
 * between links (a dash, a bullet).
 */
const WRAPPING = /^[<([{"'“‘\-–—•*|]+|[>)\]}"'”’.,;:!?]+$/g;
const SCHEME_LINK = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const WWW_LINK = /^www\.\S+$/i;
/** A bare domain with an optional path: example.co.za, bit.ly/abc. Needs a letters-only last label. */
const BARE_DOMAIN = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?$/i;
const MAIL_LINK = /^(?:mailto|tel|whatsapp):\S+$/i;

function isLinkWord(word: string): boolean {
  const bare = word.replace(WRAPPING, '');
  if (!bare) return true; // punctuation alone between links adds no words
  return SCHEME_LINK.test(bare) || WWW_LINK.test(bare) || MAIL_LINK.test(bare) || BARE_DOMAIN.test(bare);
}

/**
 * True when the text has something in it and all of it is links (web addresses with or without a scheme,
 * bare domains, mailto:/tel: links) and whitespace or the punctuation around them.
 */
export function isOnlyLinks(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  return words.every(isLinkWord) && words.some((w) => w.replace(WRAPPING, '') !== '');
}

/** A refinement for free text schemas: `.refine(notOnlyLinks, { message })`. Empty text passes. */
export function notOnlyLinks(value: string | null | undefined): boolean {
  return !value || !isOnlyLinks(value);
}
