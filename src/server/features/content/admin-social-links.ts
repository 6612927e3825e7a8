/**
 * Social links for admins (/admin/social-links): list, add last, edit or toggle, move and delete. Ordered
 * by the rules of ordered-list.ts; every change has its audit row.
 */
import { asc, eq } from 'drizzle-orm';
import { CONTENT_MESSAGES, type AdminSocialLink, type MoveDirection } from '../../../domain/content.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { socialLinks } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteEntry, lockList, moveEntry, nextOrder, type OrderedList } from './ordered-list.ts';

const SOCIAL_LIST: OrderedList = {
  name: 'social_link',
  table: socialLinks,
  messages: {
    first: CONTENT_MESSAGES.socialFirst,
    last: CONTENT_MESSAGES.socialLast,
    notFound: CONTENT_MESSAGES.socialNotFound,
  },
};

const socialColumns = {
  id: socialLinks.id,
  platform: socialLinks.platform,
  url: socialLinks.url,
  icon: socialLinks.icon,
  isActive: socialLinks.isActive,
  displayOrder: socialLinks.displayOrder,
};

export async function listSocialLinks(db: Db): Promise<AdminSocialLink[]> {
  return db
    .select(socialColumns)
    .from(socialLinks)
    .orderBy(asc(socialLinks.displayOrder), asc(socialLinks.createdAt), asc(socialLinks.id));
}

export async function createSocialLink(
  db: Db,
  actor: Actor,
  input: { platform: string; url: string; icon: string | null; isActive?: boolean | undefined },
): Promise<AdminSocialLink> {
  return db.transaction(async (tx) => {
    await lockList(tx, SOCIAL_LIST);
    const [row] = await tx
      .insert(socialLinks)
      .values({
        platform: input.platform,
        url: input.url,
        icon: input.icon,
        isActive: input.isActive ?? true,
        displayOrder: await nextOrder(tx, SOCIAL_LIST),
      })
      .returning(socialColumns);
    await recordAudit(tx, actor, {
      action: 'social_link.create',
      entityType: 'social_link',
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

export async function updateSocialLink(
  db: Db,
  actor: Actor,
  id: string,
  input: {
    platform?: string | undefined;
    url?: string | undefined;
    icon?: string | null | undefined;
    isActive?: boolean | undefined;
  },
): Promise<AdminSocialLink> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(socialColumns)
      .from(socialLinks)
      .where(eq(socialLinks.id, id))
      .for('update');
    if (!before) throw notFound(CONTENT_MESSAGES.socialNotFound);
    const [row] = await tx
      .update(socialLinks)
      .set({
        ...(input.platform !== undefined && { platform: input.platform }),
        ...(input.url !== undefined && { url: input.url }),
        ...(input.icon !== undefined && { icon: input.icon }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
      })
      .where(eq(socialLinks.id, id))
      .returning(socialColumns);
    await recordAudit(tx, actor, {
      action: 'social_link.update',
      entityType: 'social_link',
      entityId: id,
      before,
      after: row,
    });
    return row!;
  });
}

export const moveSocialLink = (db: Db, actor: Actor, id: string, direction: MoveDirection) =>
  moveEntry(db, actor, SOCIAL_LIST, id, direction);

export async function deleteSocialLink(db: Db, actor: Actor, id: string): Promise<void> {
  await deleteEntry(db, actor, SOCIAL_LIST, id);
}
