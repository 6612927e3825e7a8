/**
 * The records a page request reads, each read at most once per request: the page's head (head.ts) and its
 * server rendering (src/server/ssr.ts) both need the listing or provider, and share one lookup. Read as an
 * anonymous visitor sees them.
 */
import type { Db } from '../../db/client.ts';
import { activeFaqs, listingDetail, providerProfile } from '../marketplace/service.ts';

export function pageData(db: Db) {
  const reads = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let value = reads.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      reads.set(key, value);
    }
    return value;
  };
  const anonymous = async () => null;
  return {
    listing: (id: string) => once(`listing:${id}`, () => listingDetail(db, id, anonymous)),
    provider: (id: string) => once(`provider:${id}`, () => providerProfile(db, id)),
    faqs: () => once('faqs', () => activeFaqs(db)),
  };
}

export type PageData = ReturnType<typeof pageData>;
