/**
 * A provider's contact details as links: the phone (tel:), WhatsApp (wa.me), the email for enquiries
 * (mailto:) and the website (a new tab, rel="nofollow noopener": the address is the provider's, not ours to
 * vouch for). Used by the listing's contact card and the provider profile (docs/decisions/0037).
 */
import type { ReactNode } from 'react';
import { Globe, Mail, MessageCircle, Phone } from 'lucide-react';
import type { ProviderContact } from '@domain/contact.ts';
import { websiteLabel } from '@domain/contact-display.ts';
import { telHref, whatsAppHref } from '@domain/phone.ts';

const LINK =
  'inline-flex min-h-11 max-w-full items-center gap-2 font-medium text-primary underline-offset-4 hover:underline';

/** One way to reach them; `label` names it for screen readers where the text alone does not. */
function Item({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center">
      {label && <span className="sr-only">{label} </span>}
      {children}
    </li>
  );
}

export function ProviderContactList({ contact }: { contact: ProviderContact }) {
  const whatsApp = whatsAppHref(contact.whatsApp);
  const items: ReactNode[] = [];
  if (contact.phone)
    items.push(
      <Item key="phone" label="Phone:">
        <a href={telHref(contact.phone)} className={LINK} data-testid="provider-phone">
          <Phone aria-hidden="true" className="size-4 shrink-0" />
          {contact.phone}
        </a>
      </Item>,
    );
  if (contact.whatsApp && whatsApp)
    items.push(
      <Item key="whatsapp">
        <a href={whatsApp} target="_blank" rel="noopener noreferrer" className={LINK}>
          <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
          WhatsApp {contact.whatsApp}
        </a>
      </Item>,
    );
  if (contact.enquiryEmail)
    items.push(
      <Item key="email" label="Email:">
        <a href={`mailto:${contact.enquiryEmail}`} className={LINK}>
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{contact.enquiryEmail}</span>
        </a>
      </Item>,
    );
  if (contact.website)
    items.push(
      <Item key="website" label="Website:">
        <a href={contact.website} target="_blank" rel="nofollow noopener" className={LINK}>
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{websiteLabel(contact.website)}</span>
        </a>
      </Item>,
    );
  if (items.length === 0) return null;
  // Long addresses wrap anywhere rather than widening the page on a phone.
  return (
    <address className="not-italic">
      <ul className="grid gap-0.5">{items}</ul>
    </address>
  );
}
