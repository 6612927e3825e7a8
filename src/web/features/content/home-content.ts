/**
 * The home page's admin-edited texts (content keys hero, categories, featured, cta; /admin/cms edits them),
 * each with the spec's wording as the fallback when the key is missing or blank. The sections that show them
 * (in the marketplace, guide and provider features) take plain strings.
 */
import { DEFAULT_STATS } from '@domain/constants.ts';
import type { SiteContent } from '@domain/public-content.ts';
import { contentValue } from './use-site-content.ts';

export interface SectionTexts {
  heading: string;
  subheading: string;
}

export interface HomeContent {
  hero: SectionTexts;
  categories: SectionTexts;
  featured: SectionTexts;
  /** The numbers under the featured listings, as shown ("500+"). */
  stats: { providers: string; provinces: string; clients: string };
  /** The call to providers: heading, subheading and the non-blank benefits (at most four). */
  cta: SectionTexts & { benefits: string[] };
}

export function homeContent(content: SiteContent | undefined): HomeContent {
  const texts = (pageKey: string, heading: string, subheading: string): SectionTexts => ({
    heading: contentValue(content, pageKey, 'heading', heading),
    subheading: contentValue(content, pageKey, 'subheading', subheading),
  });
  return {
    hero: texts(
      'hero',
      'Make Your Matric Farewell Unforgettable',
      'Find the best farewell service providers across South Africa',
    ),
    categories: texts(
      'categories',
      'Browse by Category',
      'Everything you need for the perfect matric farewell',
    ),
    featured: texts(
      'featured',
      'Featured Listings',
      'Hand-picked providers to make your farewell unforgettable',
    ),
    stats: {
      providers: `${contentValue(content, 'hero', 'stat_providers', DEFAULT_STATS.providers)}+`,
      provinces: contentValue(content, 'hero', 'stat_provinces', DEFAULT_STATS.provinces),
      clients: `${contentValue(content, 'hero', 'stat_clients', DEFAULT_STATS.clients)}+`,
    },
    cta: {
      ...texts(
        'cta',
        'Are You a Service Provider?',
        'Join South Africa’s marketplace for matric farewell services and reach more clients.',
      ),
      benefits: [1, 2, 3, 4]
        .map((n) => contentValue(content, 'cta', `benefit_${n}`, ''))
        .filter((text) => text !== ''),
    },
  };
}
