/**
 * The packages table for admins (spec sections 3 and 5): every package in display order with how many
 * providers use it, create (type normalised, unique), edit (type immutable), delete (refused while a provider
 * uses the type). This table is what /packages, the package limits and the review rule read, so a save
 * clears the catalogue cache (flags feed the browse rank through triggers).
 */
import { asc, count, eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  type AdminPackage,
  type PackageCreate,
  type PackageUpdate,
} from '../../../domain/admin.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { packages, serviceProviders } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { packageView } from '../packages/service.ts';

type PackageRow = typeof packages.$inferSelect;

function toAdminPackage(p: PackageRow, providerCount: number): AdminPackage {
  return { ...packageView(p), providerCount };
}

/** Whether a saved value equals the current one (values are JSON: numbers, text, flags, lists). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function auditValues(p: PackageRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = p;
  return rest;
}

async function providerCounts(db: Pick<Db, 'select'>): Promise<Map<string, number>> {
  const rows = await db
    .select({ packageType: serviceProviders.packageType, n: count() })
    .from(serviceProviders)
    .groupBy(serviceProviders.packageType);
  return new Map(rows.map((r) => [r.packageType, Number(r.n)]));
}

export async function listAdminPackages(db: Db): Promise<AdminPackage[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(packages).orderBy(asc(packages.displayOrder), asc(packages.createdAt)),
    providerCounts(db),
  ]);
  return rows.map((p) => toAdminPackage(p, counts.get(p.packageType) ?? 0));
}

export async function createPackage(db: Db, actor: Actor, input: PackageCreate): Promise<AdminPackage> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(packages).values(input).onConflictDoNothing().returning();
    if (!row) throw conflict(ADMIN_MESSAGES.packageTypeTaken);
    await recordAudit(tx, actor, {
      action: 'package.create',
      entityType: 'package',
      entityId: row.id,
      after: auditValues(row),
    });
    return row;
  });
  catalogueChanged(db);
  return toAdminPackage(created, 0);
}

export async function updatePackage(
  db: Db,
  actor: Actor,
  id: string,
  input: PackageUpdate,
): Promise<AdminPackage> {
  const { row, providers, changed } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MESSAGES.packageNotFound);
    const providersOfType = async () => {
      const [n] = await tx
        .select({ n: count() })
        .from(serviceProviders)
        .where(eq(serviceProviders.packageType, before.packageType));
      return Number(n?.n ?? 0);
    };
    // Saved unchanged: nothing is written or audited (and the catalogue stays cached).
    const current = toAdminPackage(before, 0);
    if (Object.entries(input).every(([k, v]) => same(current[k as keyof AdminPackage], v))) {
      return { row: before, providers: await providersOfType(), changed: false };
    }
    const [after] = await tx
      .update(packages)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(packages.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'package.update',
      entityType: 'package',
      entityId: id,
      before: auditValues(before),
      after: auditValues(after!),
    });
    return { row: after!, providers: await providersOfType(), changed: true };
  });
  if (changed) catalogueChanged(db);
  return toAdminPackage(row, providers);
}

/** Deletes a package nobody uses; 409 with the spec's message while a provider has its type. */
export async function deletePackage(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
    if (!before) throw notFound(ADMIN_MESSAGES.packageNotFound);
    const [inUse] = await tx
      .select({ n: count() })
      .from(serviceProviders)
      .where(eq(serviceProviders.packageType, before.packageType));
    if (Number(inUse?.n ?? 0) > 0) throw conflict(ADMIN_MESSAGES.packageInUse);
    await tx.delete(packages).where(eq(packages.id, id));
    await recordAudit(tx, actor, {
      action: 'package.delete',
      entityType: 'package',
      entityId: id,
      before: auditValues(before),
    });
  });
  catalogueChanged(db);
}
