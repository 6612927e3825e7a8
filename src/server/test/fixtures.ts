/** Rows for API tests: packages, categories, providers and listings made directly in the database. */
import { eq } from 'drizzle-orm';
import { CATEGORIES } from '../../domain/constants.ts';
import { DEFAULT_PACKAGE_LIMITS } from '../../domain/packages.ts';
import { grantRole } from '../auth/roles.ts';
import type { Db } from '../db/client.ts';
import { categories, listingImages, listings, packages, serviceProviders } from '../db/schema.ts';
import { signUp, type TestApp } from './helpers.ts';

/** The three packages with the spec's defaults and the eight categories. Idempotent. */
export async function seedReferenceData(db: Db) {
  for (const [i, type] of (['basic', 'standard', 'premium'] as const).entries()) {
    const d = DEFAULT_PACKAGE_LIMITS[type];
    await db
      .insert(packages)
      .values({
        packageType: type,
        name: type[0]!.toUpperCase() + type.slice(1),
        price: d.price,
        maxListings: d.maxListings,
        maxImages: d.maxImages,
        canFeature: d.canFeature,
        hasPriorityPlacement: d.hasPriorityPlacement,
        hasAnalytics: d.hasAnalytics,
        hasVerificationBadge: d.hasVerificationBadge,
        canReceiveReviews: d.canReceiveReviews,
        displayOrder: i + 1,
      })
      .onConflictDoNothing();
  }
  for (const [i, c] of CATEGORIES.entries()) {
    await db
      .insert(categories)
      .values({ name: c.name, slug: c.slug, icon: c.icon, displayOrder: i + 1 })
      .onConflictDoNothing();
  }
}

export async function categoryId(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw new Error(`no category ${slug}; call seedReferenceData first`);
  return row.id;
}

/** A signed-up account that is a provider with the given package (active for a year). */
export async function createProvider(
  t: TestApp,
  opts: { packageType?: 'basic' | 'standard' | 'premium'; businessName?: string } = {},
) {
  const account = await signUp(t, { fullName: opts.businessName ?? 'Provider Person' });
  const [provider] = await t.database.db
    .insert(serviceProviders)
    .values({
      userId: account.userId,
      businessName: opts.businessName ?? 'Test Business',
      packageType: opts.packageType ?? 'premium',
      paymentStatus: 'active',
      packageExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    })
    .returning();
  await grantRole(t.database.db, account.userId, 'service_provider');
  return { ...account, providerId: provider!.id };
}

/** An admin account. */
export async function createAdmin(t: TestApp) {
  const account = await signUp(t, { fullName: 'Admin Person' });
  await grantRole(t.database.db, account.userId, 'admin');
  return account;
}

export type ListingInput = Partial<typeof listings.$inferInsert> & { categorySlug?: string; images?: number };

export async function createListing(db: Db, providerId: string, input: ListingInput = {}) {
  const { categorySlug = 'photography', images = 1, ...rest } = input;
  const [row] = await db
    .insert(listings)
    .values({
      serviceProviderId: providerId,
      categoryId: await categoryId(db, categorySlug),
      title: 'Farewell Photo Package',
      description: 'Three hours of coverage and 150 edited photos.',
      province: 'gauteng',
      city: 'Johannesburg',
      priceFrom: 2500,
      priceTo: 4800,
      status: 'approved',
      ...rest,
    })
    .returning();
  for (let k = 0; k < images; k++) {
    await db.insert(listingImages).values({
      listingId: row!.id,
      imageUrl: `/uploads/listing-images/test${k}-800.webp`,
      isPrimary: k === 0,
      displayOrder: k,
    });
  }
  return row!;
}
