/**
 * Who may fetch an uploaded file by its URL (docs/decisions/0030-files-of-non-public-records.md).
 *
 * A file is public when a public record holds it: a listing image of an approved listing, the featured
 * image of a published article, the site logo, and any claimed avatar, provider logo or hero banner. Public
 * files are served by the static file server under /uploads with a one-year immutable cache. Every other
 * file (an upload nobody has claimed yet, an image of a pending or rejected listing or of changes awaiting
 * approval, of a draft article) is
 * private: kept where no URL reaches it (`Storage.setPublic`), and served by the fallback of /uploads only
 * to those who may see the record (the uploader, the listing's provider, admins), `private, no-store`;
 * everyone else gets the 404 of a file that does not exist.
 *
 * Files move with their records. A record that stops being public hides its files inside the transaction
 * that changes it, before the commit (`hideImages`), so no moment exists where the record is committed
 * non-public and its files still public. A record that becomes public publishes its files after the commit
 * (`settleImages`), and the fallback publishes the file of a public record on its first request: a crash
 * between a commit and a move, or files written private by the seed, heal themselves. The fallback and
 * `settleImages` decide under a share lock on the holding rows, which the transactions that change a
 * listing's status or an article's publication hold exclusively, so a publish can never undo a hide.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import {
  listingChanges,
  listingImages,
  listings,
  pageContent,
  premiumArticles,
  serviceProviders,
  uploads,
} from '../../db/schema.ts';
import { errorBody } from '../../errors.ts';
import { variantKeysOf } from '../../storage/images.ts';
import { contentTypeOf, isValidKey, type Storage } from '../../storage/storage.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction handle or the database. */
type Runner = Pick<Db, 'select'>;

/** Who may see a file: everyone, or only these users (and admins). Null: no record holds it. */
type Holders = { public: true } | { public: false; owners: string[] } | null;

/** The 800 px URL the records store, for the URL of any variant. */
const storedUrlOf = (url: string) => url.replace(/-(?:400|1600)\.webp$/, '-800.webp');

/**
 * What holds the image at `url` (its stored 800 px URL) and whether that makes it public. With `lock`, the
 * rows that decide it are share-locked until the caller's transaction ends.
 */
async function holdersOf(tx: Runner, url: string, lock: boolean): Promise<Holders> {
  const [unclaimed] = await tx
    .select({ userId: uploads.userId })
    .from(uploads)
    .where(and(eq(uploads.url, url), isNull(uploads.claimedAt)));
  if (unclaimed) return { public: false, owners: unclaimed.userId ? [unclaimed.userId] : [] };
  const bucket = url.split('/')[2];
  switch (bucket) {
    case 'listing-images': {
      const query = tx
        .select({ status: listings.status, ownerId: serviceProviders.userId })
        .from(listingImages)
        .innerJoin(listings, eq(listings.id, listingImages.listingId))
        .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
        .where(eq(listingImages.imageUrl, url));
      const rows = lock ? await query.for('share', { of: listings }) : await query;
      if (rows.some((r) => r.status === 'approved')) return { public: true };
      // A picture that only changes awaiting approval hold (decision 0041) is private to the provider.
      const held = await tx
        .select({ ownerId: serviceProviders.userId })
        .from(listingChanges)
        .innerJoin(listings, eq(listings.id, listingChanges.listingId))
        .innerJoin(serviceProviders, eq(serviceProviders.id, listings.serviceProviderId))
        .where(sql`${listingChanges.images} @> ${JSON.stringify([{ url }])}::jsonb`);
      if (rows.length === 0 && held.length === 0) return null;
      return { public: false, owners: [...rows, ...held].map((r) => r.ownerId) };
    }
    case 'site-assets': {
      const [logo] = await tx
        .select({ id: pageContent.id })
        .from(pageContent)
        .where(
          and(
            eq(pageContent.pageKey, 'site'),
            eq(pageContent.sectionKey, 'logo'),
            eq(pageContent.contentValue, url),
          ),
        );
      if (logo) return { public: true };
      const query = tx
        .select({ published: premiumArticles.isPublished })
        .from(premiumArticles)
        .where(eq(premiumArticles.featuredImageUrl, url));
      const articles = lock ? await query.for('share') : await query;
      if (articles.length === 0) return null;
      return articles.some((a) => a.published) ? { public: true } : { public: false, owners: [] };
    }
    default:
      // Avatars, provider logos and hero banners are public once claimed.
      return { public: true };
  }
}

/** Whether this actor may see a private file with these holders. */
function maySee(actor: Actor | null, holders: Holders): boolean {
  if (!holders || !actor) return false;
  if (holders.public) return true;
  return actor.role === 'admin' || holders.owners.includes(actor.userId);
}

/**
 * Hides the files of images whose record stops being public. Call it inside the transaction that makes the
 * change, after the change and before the commit; pass only URLs no public record holds any more.
 */
export async function hideImages(storage: Storage, urls: readonly string[]): Promise<void> {
  const keys = urls.flatMap((url) => variantKeysOf(storage, url));
  if (keys.length) await storage.setPublic(keys, false);
}

/**
 * Publishes or hides the files of these images as their records stand now (under a share lock). Call it
 * after the commit of a change that made records public; the fallback would do it on first request.
 */
export async function settleImages(db: Db, storage: Storage, urls: readonly string[]): Promise<void> {
  for (const url of new Set(urls.map(storedUrlOf))) {
    const keys = variantKeysOf(storage, url);
    if (keys.length === 0) continue;
    await db.transaction(async (tx) => {
      const holders = await holdersOf(tx, url, true);
      await storage.setPublic(keys, holders?.public === true);
    });
  }
}

/**
 * The images of these listings that no approved listing outside them shows (the same file may back several
 * listings): what to hide when they stop being approved. Run inside the transaction that changes them.
 */
export async function listingImagesToHide(tx: Tx, listingIds: readonly string[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ url: listingImages.imageUrl })
    .from(listingImages)
    .where(
      and(
        inArray(listingImages.listingId, [...listingIds]),
        sql`not exists (
          select 1 from ${listingImages} li2 join ${listings} l2 on l2.id = li2.listing_id
          where li2.image_url = ${listingImages.imageUrl} and l2.status = 'approved'
            and l2.id not in (${sql.join(
              listingIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}))`,
      ),
    );
  return rows.map((r) => r.url);
}

/**
 * Hides files that a record does not make public but that are still in the public area, from before files
 * had two areas: images only non-approved listings show, featured images of draft articles only, unclaimed
 * uploads. Run once at start-up; a no-op when there is nothing to hide.
 */
export async function hideNonPublicImages(db: Db, storage: Storage): Promise<number> {
  const rows = (await db.execute(sql`
    select li.image_url as url from ${listingImages} li join ${listings} l on l.id = li.listing_id
    where l.status <> 'approved'
      and not exists (select 1 from ${listingImages} li2 join ${listings} l2 on l2.id = li2.listing_id
                      where li2.image_url = li.image_url and l2.status = 'approved')
    union
    select a.featured_image_url from ${premiumArticles} a
    where a.featured_image_url is not null
      and not exists (select 1 from ${premiumArticles} a2
                      where a2.featured_image_url = a.featured_image_url and a2.is_published)
      and not exists (select 1 from ${pageContent} pc
                      where pc.page_key = 'site' and pc.section_key = 'logo'
                        and pc.content_value = a.featured_image_url)
    union
    select u.url from ${uploads} u where u.claimed_at is null`)) as unknown as { rows: { url: string }[] };
  await hideImages(
    storage,
    rows.rows.map((r) => r.url),
  );
  return rows.rows.length;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/*: public files straight from the public directory (immutable, a year) when the storage is
 * on disk; from an object store (decision 0053), a redirect to the object's public URL (`directUrl`) or, when
 * it has none, its bytes, both cached a year. Anything else falls to `servePrivate`, which publishes the file
 * of a public record or shows a private one to those allowed.
 */
export async function uploadFileRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;

  async function servePrivate(req: FastifyRequest, reply: FastifyReply) {
    const notFound = () =>
      reply.code(404).send(errorBody('NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`));
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound();
    // Keys need no escaping; a URL that has any (or is not a key) names no file.
    const key = req.url.split('?')[0]!.replace(/^\/uploads\//, '');
    if (!isValidKey(key)) return notFound();
    // No file, no question to ask the database (random URLs cost a file lookup, nothing more).
    const bytes = await storage.get(key);
    if (!bytes) return notFound();
    const url = storedUrlOf(storage.publicUrl(key));
    const actor = await req.actor();
    const verdict = await db.transaction(async (tx) => {
      const holders = await holdersOf(tx, url, true);
      if (holders?.public) {
        // A public record's file that is still private (written private, or a move interrupted): publish
        // it now, under the lock, so the next request is a plain static file.
        const keys = variantKeysOf(storage, url);
        await storage.setPublic(keys.length ? keys : [key], true);
        return 'public' as const;
      }
      return maySee(actor, holders) ? ('private' as const) : null;
    });
    if (!verdict) return notFound();
    reply
      .header('cache-control', verdict === 'public' ? IMMUTABLE : 'private, no-store')
      .type(contentTypeOf(key));
    return reply.send(bytes);
  }

  /** A public object of an object store: redirected to where the bucket serves it, or proxied. */
  async function serveFromStore(req: FastifyRequest, reply: FastifyReply) {
    const key = req.url.split('?')[0]!.replace(/^\/uploads\//, '');
    if (!isValidKey(key)) return servePrivate(req, reply);
    const found = await storage.stat(key);
    if (!found?.public) return servePrivate(req, reply);
    const direct = storage.directUrl(key);
    if (direct) return reply.header('cache-control', IMMUTABLE).redirect(direct, 302);
    const bytes = await storage.get(key);
    if (!bytes) return servePrivate(req, reply);
    return reply.header('cache-control', IMMUTABLE).type(contentTypeOf(key)).send(bytes);
  }

  const staticDir = storage.staticDir;
  if (!staticDir) {
    await app.register(
      async (scope) => {
        scope.get('/*', serveFromStore);
        scope.setNotFoundHandler(servePrivate);
      },
      { prefix: '/uploads' },
    );
    return;
  }

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: staticDir,
        prefix: '/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        allowedPath: (pathName) => !pathName.includes('..'),
      });
      // A miss in the public directory (fastify-static calls the not-found handler of this prefix).
      scope.setNotFoundHandler(servePrivate);
    },
    { prefix: '/uploads' },
  );
}
