/**
 * How the public reaches a provider: a contact phone, a WhatsApp number, an email for enquiries and a
 * website, all optional (docs/decisions/0037-provider-contact-details.md). The provider sets them on the
 * Business tab; the listing's contact card, the phone's sticky contact bar and the provider profile show
 * them. Numbers are South African (the rules of phone.ts) and stored in the national form ('082 123 4567');
 * the website is an https address. Shared by the server (body, response) and the web app (form, cards).
 */
import { z } from 'zod';
import { formatSouthAfricanNumber, isSouthAfricanMobile, isSouthAfricanNumber } from './phone.ts';
import { text } from './text.ts';

export const CONTACT_MESSAGES = {
  phoneInvalid: 'Enter a South African phone number, e.g. 082 123 4567',
  whatsAppInvalid: 'Enter a South African mobile number for WhatsApp, e.g. 082 123 4567',
  emailInvalid: 'Invalid email address',
  emailMax: 'Email must be less than 255 characters',
  websiteInvalid: 'Enter a website address starting with https://, e.g. https://example.co.za',
  websiteMax: 'Website must be less than 200 characters',
} as const;

export const CONTACT_LIMITS = { phoneMax: 30, emailMax: 255, websiteMax: 200 } as const;

/** Empty or missing becomes null; otherwise the trimmed text. */
const blank = (max: number, message: string) =>
  text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** A South African number (mobile only when `mobile`), stored as '082 123 4567'. */
const saNumber = (message: string, mobile: boolean) =>
  blank(CONTACT_LIMITS.phoneMax, message).transform((v, ctx) => {
    if (v === null) return null;
    const valid = mobile ? isSouthAfricanMobile(v) : isSouthAfricanNumber(v);
    const formatted = valid ? formatSouthAfricanNumber(v) : null;
    if (formatted === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return formatted;
  });

/**
 * The https address a provider typed, in its canonical form: 'example.co.za' → 'https://example.co.za/'.
 * Null for anything else (http, other schemes, user names and passwords, a host without a dot).
 */
export function normaliseWebsite(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.')) return null;
  return url.href;
}

const website = blank(CONTACT_LIMITS.websiteMax, CONTACT_MESSAGES.websiteMax).transform((v, ctx) => {
  if (v === null) return null;
  const href = normaliseWebsite(v);
  if (href === null) {
    ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.websiteInvalid });
    return z.NEVER;
  }
  if (href.length > CONTACT_LIMITS.websiteMax) {
    ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.websiteMax });
    return z.NEVER;
  }
  return href;
});

const enquiryEmail = blank(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.emailMax).pipe(
  z.email(CONTACT_MESSAGES.emailInvalid).nullable(),
);

/** The contact fields of the Business tab's body (PUT /api/provider/settings). Each may be blank. */
export const contactInputShape = {
  phone: saNumber(CONTACT_MESSAGES.phoneInvalid, false),
  whatsApp: saNumber(CONTACT_MESSAGES.whatsAppInvalid, true),
  enquiryEmail,
  website,
};

/** A provider's contact details as the API answers them (listing detail, provider profile, settings). */
export const providerContactSchema = z.object({
  phone: z.string().nullable(),
  whatsApp: z.string().nullable(),
  enquiryEmail: z.string().nullable(),
  website: z.string().nullable(),
});
export type ProviderContact = z.infer<typeof providerContactSchema>;
