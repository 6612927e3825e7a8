/**
 * The package job (issue 23, decision 0040), a 'once' job of the scheduler: one process runs it every
 * minute however many share the database.
 *
 * - Lapse: a provider whose package is no longer in force (expiry passed, or payment not active) loses the
 *   browse rank its package gave (featured and priority placement). The public reads never wait for this:
 *   badges, the package label, reviews and the `featured` flag read the expiry in their query. The sweep
 *   moves the stored rank the browse order is indexed on, touching only the ranked listings of lapsed
 *   providers (those whose rank changes), and clears the catalogue cache when it moved any.
 * - Mail (message 8): 'expires in 7 days', 'expires tomorrow' and 'has expired' to the provider, each once per
 *   expiry date: the outbox's dedupe key holds the notice, the provider and the expiry, so two runs at once
 *   (or a run again after a crash) record each message once.
 */
import { addDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { catalogueChanged } from '../marketplace/cache.ts';

export const PACKAGE_JOB = 'packages';
export const PACKAGE_JOB_INTERVAL_MS = 60_000;

/** How long after its expiry a package still gets its 'has expired' message (a job that was down). */
export const EXPIRED_NOTICE_DAYS = 7;

export interface PackageJobResult {
  /** Listings whose stored rank the sweep changed. */
  ranksChanged: number;
  /** Messages recorded in the outbox by this run (not those another run recorded first). */
  mailsQueued: number;
}

type Notice = 'in_7_days' | 'tomorrow' | 'expired';

interface Candidate extends Record<string, unknown> {
  provider_id: string;
  user_id: string;
  email: string;
  business_name: string;
  package_name: string | null;
  package_type: string;
  expires_at: string | Date;
  notice: Notice;
  dedupe_key: string;
}

/**
 * Moves the rank of lapsed providers' ranked listings (at `now`); answers how many rows changed. Time alone
 * lapses a package only through its expiry (a change of payment status or package goes through the
 * provider trigger), so the sweep starts from the providers whose expiry has passed (an index range) and
 * reads only their ranked listings (a partial index): rows that change, nothing else.
 */
export async function sweepLapsedRanks(db: Pick<Db, 'execute'>, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ id: string }>(
    db as Db,
    sql`update listings l set rank = mm_listing_rank(l.featured, l.service_provider_id, ${at})
          from service_providers sp
         where sp.package_expires_at <= ${at} and l.service_provider_id = sp.id and l.rank > 0
        returning l.id`,
  );
  return rows.length;
}

/**
 * The providers due a message at `now` (expiring in 6 to 7 days, within a day, or expired this week) that
 * have not had it for this expiry: the dedupe key is made here, in SQL, and a key already in the outbox
 * (kept a year) is left out, so a run with nothing new does no more than this query.
 */
async function noticeCandidates(db: Db, now: Date): Promise<Candidate[]> {
  const t = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return queryRows<Candidate>(
    db,
    sql`with due as (
          select sp.id as provider_id, sp.user_id, sp.business_name, sp.package_type,
                 sp.package_expires_at as expires_at,
                 case when sp.package_expires_at <= ${t(now)} then 'expired'
                      when sp.package_expires_at <= ${t(addDays(now, 1))} then 'tomorrow'
                      else 'in_7_days' end as notice
            from service_providers sp
           where sp.payment_status = 'active'
             and ((sp.package_expires_at > ${t(addDays(now, -EXPIRED_NOTICE_DAYS))}
                   and sp.package_expires_at <= ${t(addDays(now, 1))})
               or (sp.package_expires_at > ${t(addDays(now, 6))}
                   and sp.package_expires_at <= ${t(addDays(now, 7))}))
        ), keyed as (
          select due.*, 'package_' || notice || ':' || provider_id || ':'
                 || floor(extract(epoch from expires_at) * 1000)::bigint as dedupe_key
            from due
        )
        select k.provider_id, k.user_id, u.email, k.business_name, p.name as package_name, k.package_type,
               k.expires_at, k.notice, k.dedupe_key
          from keyed k
          join "user" u on u.id = k.user_id
          left join packages p on p.package_type = k.package_type
         where not exists (select 1 from outbox o where o.dedupe_key = k.dedupe_key)`,
  );
}

/** One run of the package job at `now`. */
export async function runPackageJob(db: Db, now: Date): Promise<PackageJobResult> {
  const ranksChanged = await sweepLapsedRanks(db, now);
  let mailsQueued = 0;
  let lapsed = false;
  for (const c of await noticeCandidates(db, now)) {
    const expiresAt = new Date(c.expires_at).toISOString();
    const base = {
      to: c.email,
      userId: c.user_id,
      dedupeKey: c.dedupe_key,
    };
    const fields = {
      providerName: c.business_name,
      packageName: c.package_name ?? c.package_type,
      expiresAt,
    };
    const result =
      c.notice === 'expired'
        ? await enqueueMail(db, { ...base, kind: 'package_expired', payload: fields })
        : await enqueueMail(db, {
            ...base,
            kind: 'package_expiring',
            payload: { ...fields, when: c.notice },
          });
    if (result.status === 'queued') {
      mailsQueued++;
      if (c.notice === 'expired') lapsed = true;
    }
  }
  if (ranksChanged > 0 || lapsed) catalogueChanged(db);
  return { ranksChanged, mailsQueued };
}

export function schedulePackageJob(scheduler: Scheduler, db: Db): void {
  scheduler.schedule(PACKAGE_JOB, PACKAGE_JOB_INTERVAL_MS, async ({ now }) => {
    await runPackageJob(db, now);
  });
}
