/**
 * Each page's data and head (page-loads.ts) against loaders that count their reads: what a page reads, when
 * it answers 404, the head it writes from the records, and the queries it hands the cache in their order.
 */
import { describe, expect, it } from 'vitest';
import type { BrowsePageQuery } from './browse.ts';
import type { BrowseResult, ListingCard, ListingDetail, ProviderProfile } from './listings.ts';
import { loadPage, type PageLoad } from './page-loads.ts';
import { matchPage } from './pages.ts';
import type { SsrLoaders } from './ssr.ts';

const ID = '11111111-2222-4333-8444-555555555555';
const PUBLIC_URL = 'https://mm.example';

const card: ListingCard = {
  id: ID,
  title: 'Golden Hour Photos',
  city: 'Cape Town',
  province: 'western_cape',
  priceFrom: 2500,
  priceTo: null,
  featured: false,
  rating: 4.5,
  reviewCount: 2,
  views: 10,
  category: { id: 'c1', name: 'Photography', slug: 'photography', icon: null },
  provider: { id: 'p1', businessName: 'Lens & Light', packageType: 'basic', logoUrl: null },
  primaryImageUrl: null,
  distanceKm: null,
};

const listing: ListingDetail = {
  id: ID,
  title: 'Golden Hour Photos',
  description: 'Sunset portraits before the farewell.',
  city: 'Cape Town',
  province: 'western_cape',
  priceFrom: 2500,
  priceTo: 4000,
  latitude: null,
  longitude: null,
  featured: false,
  status: 'approved',
  views: 10,
  rating: 4.5,
  reviewCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  category: { id: 'c1', name: 'Photography', slug: 'photography', icon: null },
  provider: {
    id: 'p1',
    businessName: 'Lens & Light',
    description: null,
    logoUrl: null,
    phone: null,
    whatsApp: null,
    enquiryEmail: null,
    website: null,
    packageType: 'basic',
    packageLabel: 'Basic',
    isPremium: false,
    hasVerificationBadge: false,
    canReceiveReviews: true,
  },
  images: [],
};

const page = (items: ListingCard[], nextCursor: string | null, total: number | null): BrowseResult => ({
  items,
  nextCursor,
  total,
  totalExact: true,
  sort: 'recommended',
});

/** Loaders with the given records, counting every read. */
function loaders(records: { listing?: ListingDetail | null; provider?: ProviderProfile | null } = {}) {
  const reads: string[] = [];
  const read =
    <T>(name: string, value: T) =>
    async (arg?: unknown) => {
      reads.push(arg === undefined ? name : `${name} ${JSON.stringify(arg)}`);
      return value;
    };
  const load: SsrLoaders = {
    siteContent: read('siteContent', {}),
    socialLinks: read('socialLinks', { items: [] }),
    categories: read('categories', { items: [] }),
    heroBanners: read('heroBanners', { items: [] }),
    homeListings: read('homeListings', { items: [card] }),
    faqs: read('faqs', { items: [{ id: 'f1', question: 'Is it <b>free</b>?', answer: 'Yes.' }] }),
    legal: async (kind) => {
      reads.push(`legal ${kind}`);
      return { kind, html: `<h2>${kind} text</h2>`, updatedAt: '2026-11-01T08:00:00.000Z' };
    },
    packages: read('packages', { items: [] }),
    landingPages: read('landingPages', { items: [] }),
    browse: async (query: BrowsePageQuery) => {
      reads.push(`browse ${JSON.stringify(query)}`);
      if (query.province === 'limpopo') return page([], null, 0);
      return query.cursor ? page([card], null, null) : page([card], 'NEXT', 30);
    },
    listing: read('listing', records.listing === undefined ? listing : records.listing),
    related: read('related', { items: [] }),
    reviews: read('reviews', {
      items: [],
      average: 0,
      count: 0,
      canReceiveReviews: true,
      myReviewId: null,
      ownListing: false,
    }),
    provider: read('provider', records.provider ?? null),
  };
  return { load, reads };
}

async function load(url: string, load: SsrLoaders): Promise<PageLoad> {
  const { pathname, searchParams } = new URL(url, PUBLIC_URL);
  const match = matchPage(pathname)!;
  return loadPage(match.page.path, {
    params: match.params,
    search: searchParams,
    load,
    publicUrl: PUBLIC_URL,
  });
}

const keys = (result: PageLoad) => (result.status === 200 ? result.queries.map((q) => q.key) : []);

describe('a listing page', () => {
  it('reads the listing for its head and hands it to the cache as read; reviews and related wait for the render', async () => {
    const { load: l, reads } = loaders();
    const result = await load(`/listing/${ID}`, l);
    expect(result.status).toBe(200);
    expect(result.head).toMatchObject({
      title: 'Golden Hour Photos: Photography in Cape Town',
      canonical: `/listing/${ID}`,
      ogType: 'product',
      noindex: false,
    });
    expect(reads).toEqual([`listing "${ID}"`]);
    expect(keys(result)).toEqual([
      ['listing', ID],
      ['content'],
      ['social-links'],
      ['reviews', ID],
      ['listings', 'related', ID],
    ]);
    const [first] = result.status === 200 ? result.queries : [];
    expect(first && 'data' in first && first.data).toBe(listing);
  });

  it('answers 404 with noindex for a listing the public may not see, and reads nothing for a malformed id', async () => {
    for (const hidden of [null, { ...listing, status: 'pending' as const }]) {
      const result = await load(`/listing/${ID}`, loaders({ listing: hidden }).load);
      expect([result.status, result.head.noindex, result.head.title]).toEqual([404, true, 'Page not found']);
    }
    const { load: l, reads } = loaders();
    expect((await load('/listing/not-a-uuid', l)).status).toBe(404);
    expect(reads).toEqual([]);
  });
});

describe('a provider page', () => {
  const profile: ProviderProfile = {
    provider: {
      id: ID,
      businessName: 'Lens & Light',
      description: null,
      logoUrl: null,
      phone: null,
      whatsApp: null,
      enquiryEmail: null,
      website: null,
      packageType: 'basic',
      packageLabel: 'Basic',
      isPremium: false,
      hasVerificationBadge: false,
    },
    averageRating: null,
    reviewCount: 0,
    listings: [card],
  };

  it('describes a provider with approved listings, and answers 404 for one without', async () => {
    const found = await load(`/provider/${ID}`, loaders({ provider: profile }).load);
    expect(found.head).toMatchObject({ title: 'Lens & Light', ogType: 'profile' });
    expect(keys(found)[0]).toEqual(['provider', ID]);
    expect(
      (await load(`/provider/${ID}`, loaders({ provider: { ...profile, listings: [] } }).load)).status,
    ).toBe(404);
    expect((await load(`/provider/${ID}`, loaders().load)).status).toBe(404);
  });
});

describe('a landing page', () => {
  it('writes its head from the first page of results and links the next one', async () => {
    const { load: l, reads } = loaders();
    const result = await load('/services/photography/western-cape', l);
    expect(result.head).toMatchObject({
      title: 'Photography for matric farewells in the Western Cape',
      canonical: '/services/photography/western-cape',
      next: '/services/photography/western-cape?cursor=NEXT',
    });
    expect(result.head.prev).toBeUndefined();
    expect(result.head.description).toContain('30 matric farewell photographers in the Western Cape');
    expect(reads).toEqual(['browse {"category":"photography","province":"western_cape"}']);
    expect(keys(result)).toEqual([
      [
        'listings',
        'browse',
        {
          search: '',
          province: 'western_cape',
          category: 'photography',
          sort: '',
          minPrice: '',
          maxPrice: '',
          lat: null,
          lng: null,
        },
      ],
      ['content'],
      ['social-links'],
      ['landing-pages'],
    ]);
  });

  it('on a later page (?cursor=) links back to the first, and ignores a cursor the API would refuse', async () => {
    const later = loaders();
    const result = await load('/services/photography?cursor=abc_123', later.load);
    expect(result.head.prev).toBe('/services/photography');
    expect(later.reads).toEqual([
      'browse {"category":"photography"}',
      'browse {"category":"photography","cursor":"abc_123"}',
    ]);
    const refused = loaders();
    expect((await load('/services/photography?cursor=!!', refused.load)).head.prev).toBeUndefined();
    expect(refused.reads).toEqual(['browse {"category":"photography"}']);
  });

  it('answers 404 for an unknown category or province, and for one without listings', async () => {
    for (const url of [
      '/services/spaceships',
      '/services/photography/atlantis',
      '/services/photography/limpopo',
    ])
      expect((await load(url, loaders().load)).status, url).toBe(404);
  });
});

describe('the other pages', () => {
  it('the browse page asks for the URL’s filters (no location on the server) under the key the page uses', async () => {
    const { load: l, reads } = loaders();
    const result = await load('/browse?category=venues&sort=distance&minPrice=100&search=%20hall%20', l);
    expect(result.head).toMatchObject({ title: 'Browse matric farewell services', canonical: '/browse' });
    expect(keys(result)[2]).toEqual([
      'listings',
      'browse',
      {
        search: 'hall',
        province: '',
        category: 'venues',
        sort: '',
        minPrice: 100,
        maxPrice: '',
        lat: null,
        lng: null,
      },
    ]);
    // Nothing is read until the page is rendered.
    expect(reads).toEqual([]);
  });

  it('the home page is a WebSite with a search action; the FAQ lists its questions', async () => {
    const home = await load('/', loaders().load);
    expect(home.head.jsonLd).toContainEqual(expect.objectContaining({ '@type': 'WebSite' }));
    expect(keys(home)).toEqual([
      ['content'],
      ['social-links'],
      ['hero-banners'],
      ['listings', 'home'],
      ['categories'],
    ]);
    const faq = await load('/faq', loaders().load);
    expect(faq.head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'FAQPage',
        mainEntity: [expect.objectContaining({ name: 'Is it <b>free</b>?' })],
      }),
    ]);
  });

  it('signed-in, sign-in and checkout screens say noindex and read nothing', async () => {
    const { load: l, reads } = loaders();
    for (const url of ['/dashboard', '/admin/users', '/checkout', '/matric-guide/some-article']) {
      expect((await load(url, l)).head).toMatchObject({
        noindex: true,
        title: 'Matric Moments',
        canonical: null,
      });
    }
    expect((await load('/auth', l)).head).toMatchObject({ noindex: true, title: 'Sign In' });
    expect((await load('/matric-guide', l)).head).toMatchObject({
      noindex: false,
      title: 'The Matric Guide',
    });
    expect(reads).toEqual([]);
  });
});

describe('the legal pages', () => {
  it.each([
    ['/privacy', 'privacy', 'Privacy Policy'],
    ['/terms', 'terms', 'Terms of Service'],
  ] as const)(
    '%s reads its document for the page and is indexed under its path',
    async (path, kind, title) => {
      const { load: l, reads } = loaders();
      const result = await load(path, l);
      expect(result.status).toBe(200);
      if (result.status !== 200) return;
      expect(result.head).toMatchObject({ title, canonical: path, noindex: false });
      expect(reads).toEqual([`legal ${kind}`]);
      const own = result.queries[0]!;
      expect(own.key).toEqual(['legal', kind]);
      expect('data' in own && own.data).toMatchObject({ kind, html: `<h2>${kind} text</h2>` });
    },
  );
});
