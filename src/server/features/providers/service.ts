/**
 * Becoming a provider and the provider's business settings. The provider record and the role are made in
 * one transaction; a user has at most one provider record (unique user_id), so a repeated request answers
 * 409 and makes nothing.
 */
import { addYears } from 'date-fns';
import { eq } from 'drizzle-orm';
import { BASIC_PACKAGE_YEARS } from '../../../domain/constants.ts';
import {
  PROVIDER_MESSAGES,
  type BecomeProvider,
  type BusinessSettings,
  type BusinessView,
} from '../../../domain/providers.ts';
import type { Actor } from '../../auth/policy.ts';
import { grantRole } from '../../auth/roles.ts';
import type { Db } from '../../db/client.ts';
import { packages, serviceProviders } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { claimUploads, deleteImageFiles } from '../uploads/service.ts';

/** The package a new provider gets. */
export const DEFAULT_PACKAGE_TYPE = 'basic';

export async function becomeProvider(db: Db, actor: Actor, input: BecomeProvider): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serviceProviders)
      .values({
        userId: actor.userId,
        businessName: input.businessName,
        description: input.description,
        packageType: DEFAULT_PACKAGE_TYPE,
        paymentStatus: 'active',
        packageExpiresAt: addYears(new Date(), BASIC_PACKAGE_YEARS),
      })
      .onConflictDoNothing({ target: serviceProviders.userId })
      .returning({ id: serviceProviders.id });
    if (!row) throw conflict(PROVIDER_MESSAGES.alreadyProvider);
    await grantRole(tx as unknown as Db, actor.userId, 'service_provider');
    return row;
  });
}

export async function businessSettings(db: Db, actor: Actor): Promise<BusinessView> {
  const [row] = await db
    .select({
      id: serviceProviders.id,
      businessName: serviceProviders.businessName,
      description: serviceProviders.description,
      logoUrl: serviceProviders.logoUrl,
      phone: serviceProviders.phone,
      whatsApp: serviceProviders.whatsApp,
      enquiryEmail: serviceProviders.enquiryEmail,
      website: serviceProviders.website,
      packageType: serviceProviders.packageType,
      packageName: packages.name,
      packageExpiresAt: serviceProviders.packageExpiresAt,
      paymentStatus: serviceProviders.paymentStatus,
    })
    .from(serviceProviders)
    .innerJoin(packages, eq(packages.packageType, serviceProviders.packageType))
    .where(eq(serviceProviders.userId, actor.userId));
  if (!row) throw notFound(PROVIDER_MESSAGES.profileNotFound);
  return { ...row, packageExpiresAt: row.packageExpiresAt?.toISOString() ?? null };
}

/**
 * Saves name, description, logo and contact details (already in their stored form: domain/contact.ts); a
 * new logo is claimed in the transaction, the old one's files go after.
 */
export async function updateBusinessSettings(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: BusinessSettings,
): Promise<BusinessView> {
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: serviceProviders.id, logoUrl: serviceProviders.logoUrl })
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, actor.userId))
      .for('update');
    if (!current) throw notFound(PROVIDER_MESSAGES.profileNotFound);
    if (input.logoUrl && input.logoUrl !== current.logoUrl) {
      await claimUploads(tx, actor, 'logos', [input.logoUrl]);
    }
    await tx
      .update(serviceProviders)
      .set({
        businessName: input.businessName,
        description: input.description,
        logoUrl: input.logoUrl,
        phone: input.phone,
        whatsApp: input.whatsApp,
        enquiryEmail: input.enquiryEmail,
        website: input.website,
        updatedAt: new Date(),
      })
      .where(eq(serviceProviders.id, current.id));
    return current.logoUrl && current.logoUrl !== input.logoUrl ? current.logoUrl : null;
  });
  if (replaced) await deleteImageFiles(db, storage, [replaced]);
  catalogueChanged(db);
  return businessSettings(db, actor);
}
