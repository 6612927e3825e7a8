/**
 * The privacy notice and the terms (/privacy, /terms): their HTML, which admins edit on the Legal tab of
 * /admin/cms, the date each was last changed, the consents a new account gives at sign-up and how long
 * the records the retention clean-up removes are kept. Both sides read it.
 */
import { z } from 'zod';
import { text } from './text.ts';

export const LEGAL_DOCUMENTS = ['privacy', 'terms'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];

/** Each document's name on its page, in its head and on the CMS tab. */
export const LEGAL_TITLES: Record<LegalDocumentKind, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

/** The public path of each document. */
export const LEGAL_PATHS: Record<LegalDocumentKind, '/privacy' | '/terms'> = {
  privacy: '/privacy',
  terms: '/terms',
};

/**
 * Months after which the scheduled clean-up deletes Matric Guide access logs and rejected Matric Guide
 * requests (listing view marks go after 30 minutes). The demo privacy notice states this period.
 */
export const RETENTION_MONTHS = 12;

export const LEGAL_MAX_CHARS = 100_000;

export const LEGAL_MESSAGES = {
  loadFailed: 'Failed to load this page',
  saved: 'Legal pages saved',
  privacyRequired: 'Privacy policy is required',
  termsRequired: 'Terms of service are required',
} as const;

const legalHtml = (label: string, requiredMessage: string) =>
  text(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(LEGAL_MAX_CHARS, `${label} must be at most ${LEGAL_MAX_CHARS.toLocaleString('en-US')} characters`);

/** PUT /api/admin/legal (and the Legal tab's form): both documents' HTML, sanitised by the server. */
export const legalContentSchema = z.object({
  privacy: legalHtml('Privacy policy', LEGAL_MESSAGES.privacyRequired),
  terms: legalHtml('Terms of service', LEGAL_MESSAGES.termsRequired),
});
export type LegalContentInput = z.input<typeof legalContentSchema>;

/** One document as the public reads it: sanitised HTML ('' before an admin writes it) and its date. */
export const legalDocumentSchema = z.object({
  kind: z.enum(LEGAL_DOCUMENTS),
  html: z.string(),
  /** When its text last changed (ISO), null when it was never written. */
  updatedAt: z.string().nullable(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** GET/PUT /api/admin/legal: both documents. */
export const adminLegalSchema = z.object({
  privacy: legalDocumentSchema,
  terms: legalDocumentSchema,
});
export type AdminLegal = z.infer<typeof adminLegalSchema>;

export const legalParamsSchema = z.object({
  kind: z.enum(LEGAL_DOCUMENTS, { error: 'Unknown legal document' }),
});

// ---------------------------------------------------------------------------------------------------------
// Consent at sign-up

export const CONSENT_KINDS = ['terms', 'guardian'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS = {
  terms: 'I agree to the Terms and Privacy Policy',
  guardian: 'I am 18 or older, or my parent or guardian agrees to this account',
} as const;

export const CONSENT_MESSAGES = {
  terms: 'You must accept the Terms and Privacy Policy',
  guardian: 'You must be 18 or older, or have your parent or guardian agree to this account',
} as const;

/** A box that must be ticked: `true`, or refused with `message` (missing, false or not a boolean). */
const ticked = (message: string) => z.boolean({ error: message }).refine((value) => value, { message });

/** The two sign-up fields (the form's checkboxes and the request's body). */
export const signUpConsentShape = {
  acceptTerms: ticked(CONSENT_MESSAGES.terms),
  guardianConsent: ticked(CONSENT_MESSAGES.guardian),
};

/**
 * The version of the policies a consent was given to: the time the later of the two documents last
 * changed (ISO), or 'unpublished' while neither has been written.
 */
export function policyVersion(dates: readonly (string | null)[]): string {
  const known = dates.filter((d): d is string => d !== null).sort();
  return known.at(-1) ?? 'unpublished';
}

/** The enquiry dialog's one line on what happens with the details sent (followed by a Privacy Policy link). */
export const ENQUIRY_PRIVACY_NOTE =
  'We pass your name, email, phone and message to this provider only, so they can answer you. See our';
