/**
 * The privacy notice and the terms: page_content rows under page_key `legal` (section `privacy` or
 * `terms`, content type `html`), whose `updated_at` is the document's "last updated" date. Admins save
 * both from the Legal tab of /admin/cms; the HTML goes through the Matric Guide's allow-list sanitiser on
 * save and again on serve, and only a document whose text really changed gets a new date (and an audit
 * row). `legalPolicyVersion` is the version a sign-up's consent records (decision 0055).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  LEGAL_DOCUMENTS,
  LEGAL_MESSAGES,
  policyVersion,
  type AdminLegal,
  type LegalDocument,
  type LegalDocumentKind,
} from '../../../domain/legal.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Db } from '../../db/client.ts';
import { pageContent } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { sanitizeArticleHtml } from '../guide/sanitize.ts';
import { recordAudit } from '../audit/service.ts';

const LEGAL_PAGE = 'legal';
const isLegal = and(eq(pageContent.pageKey, LEGAL_PAGE), eq(pageContent.contentType, 'html'));

/** Reads through the database or a transaction. */
type Reader = Pick<Db, 'select'>;

async function legalRows(db: Reader) {
  return db
    .select({
      kind: pageContent.sectionKey,
      html: pageContent.contentValue,
      updatedAt: pageContent.updatedAt,
    })
    .from(pageContent)
    .where(isLegal);
}

function documentOf(rows: Awaited<ReturnType<typeof legalRows>>, kind: LegalDocumentKind): LegalDocument {
  const row = rows.find((r) => r.kind === kind);
  return {
    kind,
    html: row ? sanitizeArticleHtml(row.html) : '',
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** One document for /privacy or /terms (empty HTML and no date before an admin writes it). */
export async function legalDocument(db: Db, kind: LegalDocumentKind): Promise<LegalDocument> {
  return documentOf(await legalRows(db), kind);
}

export async function loadAdminLegal(db: Db): Promise<AdminLegal> {
  const rows = await legalRows(db);
  return { privacy: documentOf(rows, 'privacy'), terms: documentOf(rows, 'terms') };
}

/** The version of the policies in force, read in the sign-up's transaction. */
export async function legalPolicyVersion(tx: Reader): Promise<string> {
  const rows = await legalRows(tx);
  return policyVersion(rows.map((r) => r.updatedAt.toISOString()));
}

/** Whether sanitised HTML still says something (a document of only `<script>` is refused as empty). */
function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

const REQUIRED: Record<LegalDocumentKind, string> = {
  privacy: LEGAL_MESSAGES.privacyRequired,
  terms: LEGAL_MESSAGES.termsRequired,
};

/**
 * Saves both documents, sanitised. A document whose sanitised text is what is stored keeps its row and its
 * date; a changed one is written with a new `updated_at` and audited, all in one transaction.
 */
export async function saveLegal(
  db: Db,
  actor: Actor,
  input: Record<LegalDocumentKind, string>,
): Promise<AdminLegal> {
  const clean = Object.fromEntries(
    LEGAL_DOCUMENTS.map((kind) => [kind, sanitizeArticleHtml(input[kind]).trim()]),
  ) as Record<LegalDocumentKind, string>;
  for (const kind of LEGAL_DOCUMENTS) {
    if (!hasText(clean[kind])) throw badRequest(REQUIRED[kind], { [kind]: REQUIRED[kind] });
  }
  await db.transaction(async (tx) => {
    const before = await tx
      .select({ kind: pageContent.sectionKey, html: pageContent.contentValue })
      .from(pageContent)
      .where(isLegal)
      .for('update');
    for (const kind of LEGAL_DOCUMENTS) {
      const old = before.find((r) => r.kind === kind)?.html;
      if (old === clean[kind]) continue;
      await tx
        .insert(pageContent)
        .values({ pageKey: LEGAL_PAGE, sectionKey: kind, contentType: 'html', contentValue: clean[kind] })
        .onConflictDoUpdate({
          target: [pageContent.pageKey, pageContent.sectionKey, pageContent.contentType],
          set: { contentValue: clean[kind], updatedAt: sql`now()` },
        });
      await recordAudit(tx, actor, {
        action: 'legal.update',
        entityType: 'page_content',
        entityId: `legal.${kind}`,
        before: old === undefined ? undefined : { html: old },
        after: { html: clean[kind] },
      });
    }
  });
  return loadAdminLegal(db);
}
