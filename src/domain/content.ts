/**
 * Site content managed from /admin/cms and /admin/social-links: the page_content sections (hero, about,
 * contact with the Matric Guide's bank details, footer), the site logo, FAQs, hero banners and social links.
 * The schemas validate the admin forms in the browser and the request bodies on the server with the same
 * messages. Content is plain text: it is stored as typed and rendered as text, never as HTML.
 */
import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './constants.ts';
import { UPLOAD_ERRORS } from './images.ts';
import { text } from './text.ts';

// ---------------------------------------------------------------------------------------------------------
// page_content sections

export const CONTENT_MESSAGES = {
  loadFailed: 'Failed to load content',
  saveFailed: 'Failed to save content',
  headingRequired: 'Heading is required',
  emailInvalid: 'Enter a valid email address',
  faqQuestionRequired: 'Question is required',
  faqAnswerRequired: 'Answer is required',
  faqFirst: 'The first FAQ cannot move up',
  faqLast: 'The last FAQ cannot move down',
  faqNotFound: 'FAQ not found',
  bannerFirst: 'The first banner cannot move up',
  bannerLast: 'The last banner cannot move down',
  bannerNotFound: 'Banner not found',
  socialFirst: 'The first link cannot move up',
  socialLast: 'The last link cannot move down',
  socialNotFound: 'Social link not found',
  socialRequired: 'Platform and URL are required',
  socialPlatform: `Platform must be one of ${SOCIAL_PLATFORMS.join(', ')}`,
  socialUrl: 'URL must be a web address starting with https:// or http://',
  noImage: UPLOAD_ERRORS.NO_FILE,
} as const;

/** The refusal of an edit that changes nothing (an empty body, or only keys the resource does not have). */
export function nothingToChangeMessage(fields: readonly string[]): string {
  return `Nothing to change: send at least one of ${fields.join(', ')}`;
}

/**
 * An edit (PATCH) body: every field optional, unknown keys dropped, and at least one field given, so that
 * `{}` or `{"a":1}` is a 400 rather than an update with nothing to set.
 */
function editOf<T extends z.ZodObject>(schema: T) {
  return schema.refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: nothingToChangeMessage(Object.keys(schema.shape)),
  });
}

/** A text field of at most `max` characters after trimming ("{label} must be at most {max} characters"). */
function limited(label: string, max: number) {
  return text().trim().max(max, `${label} must be at most ${max} characters`);
}

/** Required text: not blank after trimming, at most `max` characters. */
function required(label: string, max: number, message = `${label} is required`) {
  return text(message).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
}

export const heroContentSchema = z.object({
  heading: required('Heading', 120, CONTENT_MESSAGES.headingRequired),
  subheading: limited('Subheading', 300),
  stat_providers: limited('Providers stat', 20),
  stat_provinces: limited('Provinces stat', 20),
  stat_clients: limited('Clients stat', 20),
});

export const aboutContentSchema = z.object({
  title: required('Title', 120),
  content: limited('Content', 5000),
  mission: limited('Mission', 1000),
  vision: limited('Vision', 1000),
});

export const contactContentSchema = z.object({
  email: limited('Email', 255).refine((v) => v === '' || z.email().safeParse(v).success, {
    message: CONTENT_MESSAGES.emailInvalid,
  }),
  phone: limited('Phone', 30),
  address: limited('Address', 300),
  support_hours: limited('Support hours', 120),
  bank_name: limited('Bank', 100),
  account_name: limited('Account name', 100),
  account_number: limited('Account number', 30),
  branch_code: limited('Branch code', 20),
});

export const footerContentSchema = z.object({
  brand_name: limited('Brand name', 60),
  description: limited('Description', 500),
  copyright: limited('Copyright', 200),
});

/** The editable sections, each with its schema. */
export const CONTENT_SECTION_SCHEMAS = {
  hero: heroContentSchema,
  about: aboutContentSchema,
  contact: contactContentSchema,
  footer: footerContentSchema,
} as const;
export type ContentSection = keyof typeof CONTENT_SECTION_SCHEMAS;
export const CONTENT_SECTIONS = Object.keys(CONTENT_SECTION_SCHEMAS) as ContentSection[];
export type HeroContent = z.infer<typeof heroContentSchema>;
export type AboutContent = z.infer<typeof aboutContentSchema>;
export type ContactContent = z.infer<typeof contactContentSchema>;
export type FooterContent = z.infer<typeof footerContentSchema>;

/** Bank details of the contact form live under page_key `payment` (shown on /matric-access only). */
export const BANK_DETAIL_KEYS = ['bank_name', 'account_name', 'account_number', 'branch_code'] as const;

/** Where each form field is stored: page_key of the row (the section itself, except bank details). */
export function pageKeyOf(
  section: ContentSection,
  field: string,
): 'hero' | 'about' | 'contact' | 'footer' | 'payment' {
  if (section === 'contact' && (BANK_DETAIL_KEYS as readonly string[]).includes(field)) return 'payment';
  return section;
}

/** Success toasts of the CMS. */
export const SECTION_SAVED: Record<ContentSection, string> = {
  hero: 'Hero content saved',
  about: 'About page saved',
  contact: 'Contact details saved',
  footer: 'Footer saved',
};

/** GET /api/admin/content: every section's values (missing keys as ''), and the site logo. */
export const adminContentSchema = z.object({
  hero: z.object(mapShape(heroContentSchema)),
  about: z.object(mapShape(aboutContentSchema)),
  contact: z.object(mapShape(contactContentSchema)),
  footer: z.object(mapShape(footerContentSchema)),
  logo: z.string().nullable(),
});
export type AdminContent = z.infer<typeof adminContentSchema>;

function mapShape<T extends z.ZodObject>(schema: T): Record<keyof T['shape'], z.ZodString> {
  return Object.fromEntries(Object.keys(schema.shape).map((k) => [k, z.string()])) as Record<
    keyof T['shape'],
    z.ZodString
  >;
}

// ---------------------------------------------------------------------------------------------------------
// Site logo and hero banners (images come from POST /api/uploads, buckets site-assets and hero-banners)

const imageUrl = text(UPLOAD_ERRORS.NO_FILE)
  .trim()
  .min(1, UPLOAD_ERRORS.NO_FILE)
  .max(500, UPLOAD_ERRORS.NO_FILE);

export const siteLogoSchema = z.object({ imageUrl });

export const createBannerSchema = z.object({
  imageUrl,
  altText: limited('Description', 200).optional(),
});

export const updateBannerSchema = editOf(
  z.object({
    isActive: z.boolean().optional(),
    altText: limited('Description', 200).optional(),
  }),
);

export const adminBannerSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  altText: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const moveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Direction must be up or down' }),
});
export type MoveDirection = z.infer<typeof moveSchema>['direction'];

// ---------------------------------------------------------------------------------------------------------
// FAQs

export const FAQ_LIMITS = { question: 300, answer: 3000 } as const;

export const faqInputSchema = z.object({
  question: required('Question', FAQ_LIMITS.question, CONTENT_MESSAGES.faqQuestionRequired),
  answer: required('Answer', FAQ_LIMITS.answer, CONTENT_MESSAGES.faqAnswerRequired),
  isActive: z.boolean().optional(),
});

export const updateFaqSchema = editOf(
  z.object({
    question: required('Question', FAQ_LIMITS.question, CONTENT_MESSAGES.faqQuestionRequired).optional(),
    answer: required('Answer', FAQ_LIMITS.answer, CONTENT_MESSAGES.faqAnswerRequired).optional(),
    isActive: z.boolean().optional(),
  }),
);

/**
 * The FAQ tab's Save: every entry as edited (new ones without id). Entries whose question or answer is blank
 * after trimming are not saved (the spec's rule), the others are, in one transaction.
 */
export const saveFaqsSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.uuid('Invalid FAQ id').optional(),
        question: limited('Question', FAQ_LIMITS.question),
        answer: limited('Answer', FAQ_LIMITS.answer),
        isActive: z.boolean(),
      }),
    )
    .max(200, 'At most 200 FAQs can be saved at once'),
});
export type SaveFaqsInput = z.input<typeof saveFaqsSchema>;

export const adminFaqSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;

/** True when the entry is saved by the FAQ tab's Save (question and answer not blank after trimming). */
export function isCompleteFaq(entry: { question: string; answer: string }): boolean {
  return entry.question.trim() !== '' && entry.answer.trim() !== '';
}

// ---------------------------------------------------------------------------------------------------------
// Social links

export const socialPlatformSchema = z.enum(SOCIAL_PLATFORMS, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? CONTENT_MESSAGES.socialRequired
      : CONTENT_MESSAGES.socialPlatform,
});
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;

export const socialLinkInputSchema = z.object({
  platform: socialPlatformSchema,
  url: text(CONTENT_MESSAGES.socialRequired)
    .trim()
    .min(1, CONTENT_MESSAGES.socialRequired)
    .max(500, 'URL must be at most 500 characters')
    .refine((v) => isHttpUrl(v), { message: CONTENT_MESSAGES.socialUrl }),
  icon: limited('Icon', 50)
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean().optional(),
});
export type SocialLinkInput = z.input<typeof socialLinkInputSchema>;

export const updateSocialLinkSchema = editOf(socialLinkInputSchema.partial());

export const adminSocialLinkSchema = z.object({
  id: z.string(),
  platform: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});
export type AdminSocialLink = z.infer<typeof adminSocialLinkSchema>;

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
