/**
 * Every mail the site sends, by kind (the outbox's `kind` column), and the rendering of one message:
 * the template's React email to HTML, the same HTML to the plain-text part.
 */
import { plainTextSelectors, render, toPlainText } from '@react-email/render';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { loadSiteContent } from '../features/content/service.ts';
import { emailChanged, emailVerification, passwordReset } from './templates/account.tsx';
import { adminGuidePayment, adminListingPending } from './templates/admin.tsx';
import { conversationReply, enquiryReceived } from './templates/enquiries.tsx';
import { guideAccessApproved, guideAccessRejected, guideAccessRevoked } from './templates/guide.tsx';
import type { MailContext } from './templates/layout.tsx';
import { listingApproved, listingRejected } from './templates/moderation.tsx';
import { packageActivated, packageExpired, packageExpiring } from './templates/packages.tsx';
import type { MailTemplate } from './templates/template.ts';

export const MAIL_TEMPLATES = {
  email_verification: emailVerification,
  password_reset: passwordReset,
  email_changed: emailChanged,
  enquiry_received: enquiryReceived,
  conversation_reply: conversationReply,
  listing_approved: listingApproved,
  listing_rejected: listingRejected,
  guide_access_approved: guideAccessApproved,
  guide_access_rejected: guideAccessRejected,
  guide_access_revoked: guideAccessRevoked,
  package_activated: packageActivated,
  package_expiring: packageExpiring,
  package_expired: packageExpired,
  admin_listing_pending: adminListingPending,
  admin_guide_payment: adminGuidePayment,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;
export const MAIL_KINDS = Object.keys(MAIL_TEMPLATES) as MailKind[];
/** What the caller of `enqueueMail` gives for a kind of mail. */
export type MailPayload<K extends MailKind> = z.input<(typeof MAIL_TEMPLATES)[K]['schema']>;

export function templateOf(kind: string): MailTemplate | null {
  return Object.hasOwn(MAIL_TEMPLATES, kind) ? (MAIL_TEMPLATES[kind as MailKind] as MailTemplate) : null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
}

/** The plain-text part leaves out what only helps in HTML (the written-out address under a button). */
const TEXT_SELECTORS = [...plainTextSelectors, { selector: '.link-fallback', format: 'skip' }];

export class InvalidMailError extends Error {}

/** Renders one message. Throws InvalidMailError for an unknown kind or a payload its schema refuses. */
export async function renderMail(kind: string, payload: unknown, ctx: MailContext): Promise<RenderedMail> {
  const template = templateOf(kind);
  if (!template) throw new InvalidMailError(`Unknown mail kind ${kind}`);
  const parsed = template.schema.safeParse(payload);
  if (!parsed.success) throw new InvalidMailError(`Invalid payload for ${kind}`);
  const { Email } = template;
  const html = await render(<Email payload={parsed.data} ctx={ctx} />);
  return {
    subject: template.subject(parsed.data, ctx),
    html,
    text: toPlainText(html, { selectors: TEXT_SELECTORS }),
    replyTo: template.replyTo?.(parsed.data),
  };
}

export const DEFAULT_SITE_NAME = 'Matric Moments';

/** The site's name and logo for the mail frame, from site content (as the header and footer show them). */
export async function loadMailSite(
  db: Db,
  publicUrl: string,
): Promise<Pick<MailContext, 'siteName' | 'logoUrl'>> {
  const content = await loadSiteContent(db);
  const siteName = content.footer?.brand_name?.trim() || DEFAULT_SITE_NAME;
  const logo = content.site?.logo?.trim();
  let logoUrl: string | null = null;
  if (logo) {
    try {
      const url = new URL(logo, `${publicUrl}/`);
      if (url.protocol === 'https:' || url.protocol === 'http:') logoUrl = url.toString();
    } catch {
      logoUrl = null;
    }
  }
  return { siteName, logoUrl };
}
