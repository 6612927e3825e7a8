/**
 * How a provider's contact details read on public pages (contact card, provider profile). Kept apart from
 * contact.ts, whose zod schemas would otherwise travel into every public page that shows a contact
 * (the provider profile grew by zod's 24 KB gzip when these lived there).
 */
import type { ProviderContact } from './contact.ts';

/** What a website link reads: the host and path without 'https://', 'www.' or a trailing slash. */
export function websiteLabel(href: string): string {
  return href
    .replace(/^https:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/$/, '');
}

/** Whether the provider gave any way to reach them besides an enquiry. */
export function hasContact(contact: ProviderContact): boolean {
  return Boolean(contact.phone || contact.whatsApp || contact.enquiryEmail || contact.website);
}
