/**
 * Demo data for an empty database. Images are drawn locally (no network) and go through the same image
 * pipeline as uploads. Never seeds a database that already has users or categories.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addMonths, addYears, subDays } from 'date-fns';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { CATEGORIES, PROVINCES, type Role } from '../../domain/constants.ts';
import { provinceLabel } from '../../domain/format.ts';
import { isSouthAfricanMobile } from '../../domain/phone.ts';
import { DEFAULT_PACKAGE_LIMITS } from '../../domain/packages.ts';
import { seedGuide } from './seed-guide.ts';
import { DEMO_TERMS, demoPrivacyNotice } from './seed-legal.ts';
import { drawDemoImage, type DemoScene } from '../storage/demo-images.ts';
import { storeImage } from '../storage/images.ts';
import type { Storage } from '../storage/storage.ts';
import type { Database, Db } from './client.ts';
import * as t from './schema.ts';
import {
  ARTICLES,
  CITIES,
  DEMO_ACCOUNTS,
  FAQS,
  LISTING_IDEAS,
  PREMIUM_CATEGORIES,
  PROVIDERS,
  REVIEWERS,
  REVIEW_COMMENTS,
} from './seed-data.ts';

/** Hero banners: the red carpet, an arrival, the photographer (the heading is laid over them). */
const BANNER_SCENES: readonly DemoScene[] = ['party', 'car-rentals', 'photography'];
/** Guide articles in seed order: look, venue, budget, photos, etiquette, checklist, after-party. */
const ARTICLE_SCENES: readonly DemoScene[] = [
  'dress-suit-hire',
  'venues',
  'decor',
  'photography',
  'catering',
  'makeup-hair',
  'entertainment',
];

interface Logger {
  info(msg: string): void;
}

/** A small deterministic random source so every seed looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Runs async jobs with bounded concurrency (sharp uses the thread pool; two cores here). */
async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(t.user);
  const [cats] = await db.select({ n: count() }).from(t.categories);
  return Number(users?.n ?? 0) === 0 && Number(cats?.n ?? 0) === 0;
}

/** The `exclusively` key of the demo seed. */
export const SEED_LOCK = 1;

/**
 * Seeds the demo data into an empty database. Instances starting together on one fresh PostgreSQL database
 * take turns (`exclusively`): the first seeds, the others then find it not empty (decision 0054).
 */
export async function seedIfEmpty(
  database: Pick<Database, 'db' | 'exclusively'>,
  storage: Storage,
  log?: Logger,
): Promise<boolean> {
  return database.exclusively(SEED_LOCK, async () => {
    if (!(await isEmpty(database.db))) return false;
    await seedDemo(database.db, storage, log);
    return true;
  });
}

async function createAccount(
  db: Db,
  email: string,
  password: string,
  fullName: string,
  roles: Role[],
  createdAt = new Date(),
) {
  const id = randomUUID();
  await db
    .insert(t.user)
    .values({ id, name: fullName, email, emailVerified: true, createdAt, updatedAt: createdAt });
  await db.insert(t.account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password),
  });
  await db.insert(t.profiles).values({ id, fullName, createdAt });
  await db.insert(t.userRoles).values(roles.map((role) => ({ userId: id, role })));
  return id;
}

/** One listing to seed: whose, what, where, its moderation status and how many pictures. */
interface PlannedListing {
  providerIndex: number;
  category: string;
  idea: (typeof LISTING_IDEAS)[string][number];
  province: (typeof PROVINCES)[number]['value'];
  status: 'approved' | 'pending' | 'rejected';
  images: number;
}

/** A seeded listing, as the reviews, favourites and enquiries that follow need it. */
interface SeededListing {
  id: string;
  providerIndex: number;
  status: string;
  canReview: boolean;
}

/** The seeded accounts the later rows refer to. */
interface SeededAccounts {
  adminId: string;
  guideUserId: string;
  plainUserId: string;
  /** The guide user, the plain user, then every reviewer. */
  reviewerIds: string[];
  /** One per entry of PROVIDERS, in order. */
  providerIds: string[];
}

/** Hero banner texts (their pictures' descriptions). */
const BANNER_LABELS = ['Make your farewell unforgettable', 'Arrive in style', 'Capture every moment'];

/**
 * Seeds the demo data: pictures first (files, outside the transaction), then every row in one transaction
 * so that a failed seed leaves the database empty and the next start tries again.
 */
export async function seedDemo(db: Db, storage: Storage, log?: Logger): Promise<void> {
  const started = Date.now();
  const rand = rng(20261122);
  const now = new Date();

  const listingPlan = planListings();
  const urls = await drawImages(storage, listingPlan);

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const categoryIds = await seedCategories(tx);
    await seedPackages(tx);
    const accounts = await seedAccounts(tx, urls, now);
    const listingRows = await seedListings(tx, listingPlan, { categoryIds, accounts, urls, rand, now });
    await seedReviews(tx, listingRows, accounts, now);
    await seedFavoritesAndEnquiries(tx, listingRows, accounts, now);
    await seedDailyStats(tx);
    await seedMatricGuide(tx, accounts, urls, now);
    await seedSiteContent(tx, urls, now);
  });
  log?.info(`Seeded demo data in ${Date.now() - started} ms`);
}

/**
 * Which listings to seed: as many per provider as their package allows (premium providers across several
 * provinces, one of every other premium provider's pending), three rejected ones (they do not count towards
 * package limits), and every title unique (the province, then the provider, tells repeats apart).
 */
function planListings(): PlannedListing[] {
  const listingPlan: PlannedListing[] = [];
  const capacity = { basic: 1, standard: 2, premium: 5 } as const;
  let provinceTurn = 0;
  PROVIDERS.forEach((p, providerIndex) => {
    const ideas = LISTING_IDEAS[p.category]!;
    const n = capacity[p.packageType];
    for (let k = 0; k < n; k++) {
      // Premium providers serve several provinces; others their own.
      const province =
        p.packageType === 'premium' ? PROVINCES[provinceTurn++ % PROVINCES.length]!.value : p.province;
      let status: 'approved' | 'pending' | 'rejected' = 'approved';
      if (p.packageType === 'premium' && k === 4 && providerIndex % 2 === 0) status = 'pending';
      listingPlan.push({
        providerIndex,
        category: p.category,
        idea: ideas[k % ideas.length]!,
        province,
        status,
        images: p.packageType === 'premium' ? 3 : p.packageType === 'standard' ? 2 : 1,
      });
    }
  });
  // Rejected listings do not count towards package limits.
  for (const providerIndex of [0, 6, 12]) {
    const p = PROVIDERS[providerIndex]!;
    listingPlan.push({
      providerIndex,
      category: p.category,
      idea: {
        title: `${LISTING_IDEAS[p.category]![0]!.title} (old offer)`,
        description:
          'An offer that did not meet the listing guidelines: no prices or contact details were given.',
        from: 100,
        to: null,
      },
      province: p.province,
      status: 'rejected',
      images: 1,
    });
  }

  // Every listing gets its own title (a provider with more listings than ideas, or two providers of one
  // category, would otherwise repeat one): the province, then the provider, tells the repeats apart.
  const usedTitles = new Set<string>();
  for (const l of listingPlan) {
    const base = l.idea.title;
    const candidates = [
      base,
      `${base} (${provinceLabel(l.province)})`,
      `${base} by ${PROVIDERS[l.providerIndex]!.businessName}`,
    ];
    let title = candidates.find((c) => !usedTitles.has(c));
    for (let n = 2; title === undefined; n++) if (!usedTitles.has(`${base} ${n}`)) title = `${base} ${n}`;
    usedTitles.add(title);
    l.idea = { ...l.idea, title };
  }
  return listingPlan;
}

/**
 * Draws and stores every demo picture (listings, hero banners, provider logos, article images) through the
 * upload pipeline, a few at a time. Returns the stored URL of each by key (`listing:<i>:<k>`, `banner:<i>`,
 * `logo:<provider index>`, `article:<i>`).
 */
async function drawImages(storage: Storage, listingPlan: PlannedListing[]): Promise<Map<string, string>> {
  const catHue: Record<string, number> = Object.fromEntries(
    CATEGORIES.map((c, i) => [c.slug, (i * 45 + 260) % 360]),
  );
  const imageJobs: {
    key: string;
    width: number;
    height: number;
    label: string;
    hue: number;
    bucket: string;
    /** Listing, banner and article pictures are scenes without text (cropping cut the old labels). */
    scene?: DemoScene;
  }[] = [];
  listingPlan.forEach((l, i) => {
    for (let k = 0; k < l.images; k++) {
      imageJobs.push({
        key: `listing:${i}:${k}`,
        width: 1200,
        height: 800,
        label: '',
        hue: catHue[l.category]! + k * 20,
        bucket: 'listing-images',
        scene: l.category as DemoScene,
      });
    }
  });
  BANNER_LABELS.forEach((_label, i) =>
    imageJobs.push({
      key: `banner:${i}`,
      width: 1600,
      height: 640,
      // The hero heading is laid over the banner: no text in the picture itself.
      label: '',
      hue: 260 + i * 35,
      bucket: 'hero-banners',
      scene: BANNER_SCENES[i % BANNER_SCENES.length]!,
    }),
  );
  PROVIDERS.forEach((p, i) => {
    if (p.packageType !== 'basic')
      imageJobs.push({
        key: `logo:${i}`,
        width: 400,
        height: 400,
        label: p.businessName
          .split(' ')
          .map((w) => w[0])
          .join('')
          .slice(0, 3),
        hue: catHue[p.category]!,
        bucket: 'logos',
      });
  });
  ARTICLES.forEach((a, i) =>
    imageJobs.push({
      key: `article:${i}`,
      width: 1200,
      height: 630,
      label: '',
      hue: 300 + i * 12,
      bucket: 'site-assets',
      scene: ARTICLE_SCENES[i % ARTICLE_SCENES.length]!,
    }),
  );
  const urls = new Map<string, string>();
  await pool(imageJobs, 3, async (job, i) => {
    const png = await drawDemoImage({
      width: job.width,
      height: job.height,
      seed: i + 1,
      label: job.label,
      hue: job.hue,
      ...(job.scene ? { scene: job.scene } : {}),
    });
    const stored = await storeImage(storage, job.bucket, png);
    urls.set(job.key, stored.url);
  });
  return urls;
}

/** The eight categories in their display order; returns each one's id by slug. */
async function seedCategories(tx: Db): Promise<Map<string, string>> {
  const categoryIds = new Map<string, string>();
  for (const [i, c] of CATEGORIES.entries()) {
    const [row] = await tx
      .insert(t.categories)
      .values({ name: c.name, slug: c.slug, icon: c.icon, displayOrder: i + 1 })
      .returning({ id: t.categories.id });
    categoryIds.set(c.slug, row!.id);
  }
  return categoryIds;
}

/** The three packages with their default limits, features and colours. */
async function seedPackages(tx: Db): Promise<void> {
  const packageFeatures = {
    basic: [
      '1 active listing',
      'Up to 3 images per listing',
      'Listed in search results',
      'Receive enquiries',
    ],
    standard: [
      'Up to 2 active listings',
      'Up to 10 images per listing',
      'Priority placement in search',
      'Listing analytics',
      'Receive reviews',
    ],
    premium: [
      'Up to 5 active listings',
      'Up to 10 images per listing',
      'Featured placement',
      'First in search results',
      'Analytics',
      'Priority support',
      'Verification badge',
      'Receive reviews',
    ],
  };
  const packageMeta = {
    basic: { name: 'Basic', emoji: '🌱', color: 'from-green-500 to-emerald-600', popular: false },
    standard: { name: 'Standard', emoji: '⭐', color: 'from-blue-500 to-indigo-600', popular: true },
    premium: { name: 'Premium', emoji: '👑', color: 'from-purple-500 to-fuchsia-600', popular: false },
  };
  for (const [i, type] of (['basic', 'standard', 'premium'] as const).entries()) {
    const d = DEFAULT_PACKAGE_LIMITS[type];
    await tx.insert(t.packages).values({
      packageType: type,
      ...packageMeta[type],
      price: d.price,
      period: '/month',
      maxListings: d.maxListings,
      maxImages: d.maxImages,
      features: packageFeatures[type],
      canFeature: d.canFeature,
      hasPriorityPlacement: d.hasPriorityPlacement,
      hasAnalytics: d.hasAnalytics,
      hasVerificationBadge: d.hasVerificationBadge,
      canReceiveReviews: d.canReceiveReviews,
      displayOrder: i + 1,
      active: true,
    });
  }
}

/**
 * The demo accounts of the README (admin, guide user, plain user, the premium and basic providers), the
 * reviewers, and every provider with its business record (logo, package, expiry).
 */
async function seedAccounts(tx: Db, urls: Map<string, string>, now: Date): Promise<SeededAccounts> {
  const A = DEMO_ACCOUNTS;
  const adminId = await createAccount(tx, A.admin.email, A.admin.password, A.admin.fullName, [
    'user',
    'admin',
  ]);
  const guideUserId = await createAccount(tx, A.guideUser.email, A.guideUser.password, A.guideUser.fullName, [
    'user',
  ]);
  const plainUserId = await createAccount(tx, A.user.email, A.user.password, A.user.fullName, ['user']);
  const reviewerIds = [guideUserId, plainUserId];
  for (const r of REVIEWERS)
    reviewerIds.push(await createAccount(tx, r.email, 'Reviewer123!', r.fullName, ['user']));

  const providerIds: string[] = [];
  for (const [i, p] of PROVIDERS.entries()) {
    let email = `provider${i + 1}@matricmoments.test`;
    let password = 'Provider123!';
    if (i === 0) ({ email, password } = A.premiumProvider);
    if (p.fullName === A.basicProvider.fullName) ({ email, password } = A.basicProvider);
    const userId = await createAccount(
      tx,
      email,
      password,
      p.fullName,
      ['user', 'service_provider'],
      subDays(now, 200 - i),
    );
    const [row] = await tx
      .insert(t.serviceProviders)
      .values({
        userId,
        businessName: p.businessName,
        description: p.description,
        phone: p.phone,
        whatsApp: p.whatsApp ?? (isSouthAfricanMobile(p.phone) ? p.phone : null),
        enquiryEmail: p.enquiryEmail ?? null,
        website: p.website ?? null,
        logoUrl: urls.get(`logo:${i}`) ?? null,
        packageType: p.packageType,
        paymentStatus: 'active',
        // The free basic package runs ten years; paid ones a month at a time. One expires soon, and one
        // (Snap Happy Booths, provider11@…) expired three days ago: Renew Package and the lapse rule show.
        packageExpiresAt:
          p.packageType === 'basic'
            ? addYears(now, 10)
            : i === 9
              ? addDays(now, 5)
              : i === 10
                ? subDays(now, 3)
                : addMonths(now, 1),
      })
      .returning({ id: t.serviceProviders.id });
    providerIds.push(row!.id);
  }
  return { adminId, guideUserId, plainUserId, reviewerIds, providerIds };
}

/**
 * The planned listings with their pictures, in a city of their province with a little jitter (a few
 * without coordinates or prices), dated a day apart. `rand` is the seed's random source: the same
 * draws in the same order give the same demo every time.
 */
async function seedListings(
  tx: Db,
  listingPlan: PlannedListing[],
  ctx: {
    categoryIds: Map<string, string>;
    accounts: SeededAccounts;
    urls: Map<string, string>;
    rand: () => number;
    now: Date;
  },
): Promise<SeededListing[]> {
  const { categoryIds, urls, rand, now } = ctx;
  const { providerIds } = ctx.accounts;
  const pick = <T>(arr: readonly T[]) => arr[Math.floor(rand() * arr.length)]!;
  const listingRows: SeededListing[] = [];
  for (const [i, l] of listingPlan.entries()) {
    const p = PROVIDERS[l.providerIndex]!;
    const place = pick(CITIES[l.province]);
    const jitter = () => (rand() - 0.5) * 0.08;
    const [row] = await tx
      .insert(t.listings)
      .values({
        serviceProviderId: providerIds[l.providerIndex]!,
        categoryId: categoryIds.get(l.category)!,
        title: l.idea.title,
        description: `${l.idea.description} ${p.businessName} serves ${place.city} and surrounding areas.`,
        province: l.province,
        city: place.city,
        priceFrom: i % 11 === 5 ? null : l.idea.from,
        priceTo: i % 11 === 5 ? null : l.idea.to,
        // A few listings have no coordinates: they sort last for Near Me.
        latitude: i % 13 === 7 ? null : place.lat + jitter(),
        longitude: i % 13 === 7 ? null : place.lng + jitter(),
        featured: p.packageType === 'premium' && i % 2 === 0 && l.status === 'approved',
        status: l.status,
        // The provider reads why on My Listings.
        rejectionReason:
          l.status === 'rejected'
            ? 'Please add your prices and what the offer includes, then submit it again.'
            : null,
        views: Math.floor(rand() * 900) + 20,
        createdAt: subDays(now, 90 - i),
        updatedAt: subDays(now, 90 - i),
      })
      .returning({ id: t.listings.id });
    listingRows.push({
      id: row!.id,
      providerIndex: l.providerIndex,
      status: l.status,
      canReview: p.packageType !== 'basic',
    });
    for (let k = 0; k < l.images; k++) {
      await tx.insert(t.listingImages).values({
        listingId: row!.id,
        imageUrl: urls.get(`listing:${i}:${k}`)!,
        isPrimary: k === 0,
        displayOrder: k,
      });
    }
  }
  return listingRows;
}

/** Reviews only where the provider's package can receive them, then each listing's rating and count. */
async function seedReviews(
  tx: Db,
  listingRows: SeededListing[],
  accounts: SeededAccounts,
  now: Date,
): Promise<void> {
  const { providerIds, reviewerIds } = accounts;
  for (const [i, l] of listingRows.entries()) {
    if (!l.canReview || l.status !== 'approved') continue;
    const n = i % 4;
    for (let k = 0; k < n; k++) {
      await tx.insert(t.reviews).values({
        listingId: l.id,
        serviceProviderId: providerIds[l.providerIndex]!,
        userId: reviewerIds[(i + k) % reviewerIds.length]!,
        rating: Math.max(3, 5 - ((i + k) % 3)),
        comment: REVIEW_COMMENTS[(i + k) % REVIEW_COMMENTS.length] ?? null,
        createdAt: subDays(now, 30 - k * 3),
        updatedAt: subDays(now, 30 - k * 3),
      });
    }
  }
  await tx.execute(sql`
      update listings l set
        rating = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.listing_id = l.id), 0),
        review_count = (select count(*) from reviews r where r.listing_id = l.id)`);
}

/**
 * The plain user's favourites, three enquiries to the premium provider (one from a visitor without an
 * account), then every provider's view and enquiry totals.
 */
async function seedFavoritesAndEnquiries(
  tx: Db,
  listingRows: SeededListing[],
  accounts: SeededAccounts,
  now: Date,
): Promise<void> {
  const A = DEMO_ACCOUNTS;
  const { plainUserId, providerIds } = accounts;
  const approved = listingRows.filter((l) => l.status === 'approved');
  for (const l of approved.slice(0, 3))
    await tx.insert(t.favorites).values({ userId: plainUserId, listingId: l.id });
  const premiumListings = listingRows.filter((l) => l.providerIndex === 0 && l.status === 'approved');
  const enquiryTexts = [
    'Hi, is the Lamborghini available on 14 March for a farewell in Sandton? We need pick-up at 17:30.',
    'Good day, could you send a quote for two cars for the same evening? Thank you.',
    'Do you offer a discount when three friends book together?',
  ];
  for (const [k, text] of enquiryTexts.entries()) {
    const l = premiumListings[k % premiumListings.length]!;
    await tx.insert(t.enquiries).values({
      userId: k === 2 ? null : plainUserId,
      listingId: l.id,
      serviceProviderId: providerIds[0]!,
      userName: k === 2 ? 'Grace Mahlangu' : A.user.fullName,
      userEmail: k === 2 ? 'grace@example.com' : A.user.email,
      userPhone: k === 0 ? '082 555 0199' : null,
      message: text,
      status: k === 1 ? 'replied' : 'new',
      createdAt: subDays(now, 3 - k),
    });
  }
  await tx.execute(sql`
      update service_providers sp set
        total_views = coalesce((select sum(views) from listings l where l.service_provider_id = sp.id), 0),
        total_enquiries = (select count(*) from enquiries e where e.service_provider_id = sp.id)`);
}

/**
 * The Matric Guide: the guide user's approved access, the premium categories and articles (with their
 * pictures), then the requests and reading history of seed-guide.ts.
 */
async function seedMatricGuide(
  tx: Db,
  accounts: SeededAccounts,
  urls: Map<string, string>,
  now: Date,
): Promise<void> {
  const A = DEMO_ACCOUNTS;
  const { adminId, guideUserId, reviewerIds } = accounts;
  await tx.insert(t.premiumContentAccess).values({
    userId: guideUserId,
    paymentAmount: 50,
    paymentReference: A.guideUser.email,
    paymentStatus: 'approved',
    purchasedAt: subDays(now, 10),
    approvedBy: adminId,
    approvedAt: subDays(now, 9),
  });
  const premiumCategoryIds: string[] = [];
  for (const [i, name] of PREMIUM_CATEGORIES.entries()) {
    const [row] = await tx
      .insert(t.premiumCategories)
      .values({ name, displayOrder: i + 1 })
      .returning({ id: t.premiumCategories.id });
    premiumCategoryIds.push(row!.id);
  }
  for (const [i, a] of ARTICLES.entries()) {
    await tx.insert(t.premiumArticles).values({
      title: a.title,
      slug: a.slug,
      excerpt: a.excerpt,
      content: a.content,
      categoryId: premiumCategoryIds[a.category]!,
      featuredImageUrl: urls.get(`article:${i}`) ?? null,
      isPublished: a.published,
      displayOrder: i + 1,
    });
  }

  await seedGuide(
    tx,
    { adminId, guideUserId, pendingUserId: reviewerIds[2]!, rejectedUserId: reviewerIds[3]! },
    now,
  );
}

/** The site's texts (hero, about, contact, bank details, footer...), hero banners, FAQs, social links, settings. */
async function seedSiteContent(tx: Db, urls: Map<string, string>, now: Date): Promise<void> {
  const content: [string, string, string][] = [
    ['hero', 'heading', 'Make Your Matric Farewell Unforgettable'],
    ['hero', 'subheading', 'Find trusted cars, outfits, photographers, venues and more across South Africa.'],
    ['hero', 'stat_providers', '500'],
    ['hero', 'stat_provinces', '9'],
    ['hero', 'stat_clients', '1000'],
    ['categories', 'heading', 'Browse by Category'],
    ['featured', 'heading', 'Featured Providers'],
    ['cta', 'heading', 'Are You a Service Provider?'],
    ['cta', 'benefit_1', 'Reach thousands of matric learners and parents'],
    ['cta', 'benefit_2', 'Start free with the Basic package'],
    ['cta', 'benefit_3', 'Receive enquiries directly'],
    ['cta', 'benefit_4', 'Build your reputation with reviews'],
    ['footer', 'brand_name', 'Matric Moments'],
    [
      'footer',
      'description',
      'South Africa’s marketplace for matric farewell services: cars, outfits, photography, venues, beauty, catering, décor and entertainment.',
    ],
    ['footer', 'copyright', `© ${now.getFullYear()} Matric Moments. All rights reserved.`],
    ['about', 'title', 'About Matric Moments'],
    [
      'about',
      'content',
      'Matric Moments brings together the people who make matric farewells special. Parents and learners find trusted local providers in one place, compare options and contact them directly.',
    ],
    [
      'about',
      'mission',
      'To make planning a matric farewell simple, safe and affordable for every family in South Africa.',
    ],
    ['about', 'vision', 'A farewell every learner remembers, planned with providers every parent trusts.'],
    ['contact', 'email', 'hello@matricmoments.test'],
    ['contact', 'phone', '010 555 0100'],
    ['contact', 'address', '12 Jan Smuts Avenue, Rosebank, Johannesburg, 2196'],
    ['contact', 'support_hours', 'Monday to Friday, 08:00 to 17:00'],
    ['payment', 'bank_name', 'Demo Bank (not a real account)'],
    ['payment', 'account_name', 'Matric Moments (Demo)'],
    ['payment', 'account_number', '0000 000 000'],
    ['payment', 'branch_code', '000000'],
  ];
  await tx.insert(t.pageContent).values(
    content.map(([pageKey, sectionKey, contentValue]) => ({
      pageKey,
      sectionKey,
      contentType: 'text',
      contentValue,
    })),
  );
  await tx.insert(t.pageContent).values([
    {
      pageKey: 'legal',
      sectionKey: 'privacy',
      contentType: 'html',
      contentValue: demoPrivacyNotice(content),
    },
    { pageKey: 'legal', sectionKey: 'terms', contentType: 'html', contentValue: DEMO_TERMS },
  ]);
  for (const [i, label] of BANNER_LABELS.entries()) {
    await tx
      .insert(t.heroBanners)
      .values({ imageUrl: urls.get(`banner:${i}`)!, altText: label, displayOrder: i + 1, isActive: true });
  }
  await tx
    .insert(t.faqs)
    .values(FAQS.map(([question, answer], i) => ({ question, answer, displayOrder: i + 1, isActive: true })));
  await tx.insert(t.socialLinks).values([
    { platform: 'facebook', url: 'https://facebook.com/matricmoments', displayOrder: 1 },
    { platform: 'instagram', url: 'https://instagram.com/matricmoments', displayOrder: 2 },
    { platform: 'tiktok', url: 'https://tiktok.com/@matricmoments', displayOrder: 3 },
    { platform: 'whatsapp', url: 'https://wa.me/27105550100', displayOrder: 4 },
    { platform: 'twitter', url: 'https://twitter.com/matricmoments', displayOrder: 5, isActive: false },
  ]);
  await tx.insert(t.siteSettings).values({ key: 'demo_mode', value: false }).onConflictDoNothing();
}

/**
 * Provider analytics for the demo: 30 days of daily views per approved listing (deterministic, varied by
 * listing and day) and the seeded enquiries on the day they were sent (SAST), so the charts look alive.
 */
async function seedDailyStats(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`
    insert into listing_daily_stats (listing_id, day, views, enquiries)
    select l.id, d.day, (abs(hashtext(l.id::text || d.day::text)) % 9) + (case when d.day > current_date - 7 then 3 else 0 end), 0
    from listings l
    cross join (select generate_series(current_date - 29, current_date, interval '1 day')::date as day) d
    where l.status = 'approved'
    on conflict do nothing`);
  await tx.execute(sql`
    insert into listing_daily_stats as s (listing_id, day, views, enquiries)
    select e.listing_id, ((e.created_at at time zone 'UTC') + interval '2 hours')::date, 0, count(*)
    from enquiries e where e.listing_id is not null
    group by 1, 2
    on conflict (listing_id, day) do update set enquiries = s.enquiries + excluded.enquiries`);
}
