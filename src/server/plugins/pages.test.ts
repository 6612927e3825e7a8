/**
 * Page serving when the render does not give the page: the server writes the status and head itself from
 * the page's entry (src/domain/page-loads.ts), with the reads the render made; and the render's time limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notFoundHead } from '../../domain/page-heads.ts';
import type { RenderRequest, RenderResult } from '../../domain/ssr.ts';
import { buildApp } from '../app.ts';
import { catalogueChanged } from '../features/marketplace/cache.ts';
import { entryRenderer, ssrLoaders, withinTimeLimit, type PageRenderer } from '../ssr.ts';
import { createListing, createProvider, seedReferenceData } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  const provider = await createProvider(t, { businessName: 'Shutter Bugs' });
  ids.listing = (
    await createListing(t.database.db, provider.providerId, { title: 'Sunset Farewell Shoot', images: 0 })
  ).id;
  ids.pending = (
    await createListing(t.database.db, provider.providerId, { title: 'Hidden Pending', status: 'pending' })
  ).id;
  catalogueChanged(t.database.db);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

interface Parts {
  status: number;
  head: string;
  html: string | null;
}

/** A server whose renderer is `renderer`, asked through GET /api/dev/render (the not-found handler's path). */
async function withRenderer(renderer: PageRenderer, urls: string[]): Promise<Parts[]> {
  const { app } = await buildApp({ config: t.config, database: t.database, devRenderer: renderer });
  await app.ready();
  try {
    const out: Parts[] = [];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url: `/api/dev/render?url=${encodeURIComponent(url)}` });
      expect(res.statusCode).toBe(200);
      out.push(res.json<Parts>());
    }
    return out;
  } finally {
    await app.close();
  }
}

describe('when the render gives no page', () => {
  it('a failed render leaves the shell, with the head and status the page’s entry writes', async () => {
    const failing: PageRenderer = {
      async render() {
        throw new Error('the bundle broke');
      },
    };
    const [listing, pending] = await withRenderer(failing, [
      `/listing/${ids.listing}`,
      `/listing/${ids.pending}`,
    ]);
    expect(listing).toMatchObject({ status: 200, html: null });
    expect(listing!.head).toContain(
      '<title>Sunset Farewell Shoot: Photography in Johannesburg | Matric Moments',
    );
    expect(listing!.head).toContain('application/ld+json');
    expect(pending).toMatchObject({ status: 404, html: null });
    expect(pending!.head).toContain('<meta name="robots" content="noindex">');
  });

  it('the head written after a render reads nothing the render already read', async () => {
    const reads: Promise<unknown>[] = [];
    // Reads the listing through the request's loaders, then gives up (as a timed-out render would).
    const partial: PageRenderer = {
      async render(_url, { loaders }) {
        const original = loaders.listing;
        loaders.listing = (id) => {
          const read = original(id);
          reads.push(read);
          return read;
        };
        await loaders.listing(ids.listing!);
        return null;
      },
    };
    const [parts] = await withRenderer(partial, [`/listing/${ids.listing}`]);
    expect(parts).toMatchObject({ status: 200, html: null });
    expect(parts!.head).toContain('Sunset Farewell Shoot');
    // The head asked the same loaders again and got the render's read back, not a new one.
    expect(reads).toHaveLength(2);
    expect(reads[1]).toBe(reads[0]);
  });

  it('pages the server does not render are never handed to the renderer', async () => {
    const asked: string[] = [];
    const recording: PageRenderer = {
      async render(url) {
        asked.push(url);
        return null;
      },
    };
    const parts = await withRenderer(recording, ['/dashboard', '/auth', '/no-such-page', '/about']);
    expect(parts.map((p) => p.status)).toEqual([200, 200, 404, 200]);
    expect(asked).toEqual([`${t.config.publicUrl}/about`]);
  });
});

describe('the loaders of one request', () => {
  it('read each record once, shaped as the API answers it, and null for what the public may not see', async () => {
    const loaders = ssrLoaders(t.database.db);
    const [a, b] = await Promise.all([loaders.listing(ids.listing!), loaders.listing(ids.listing!)]);
    expect(a).toBe(b);
    expect(a?.title).toBe('Sunset Farewell Shoot');
    expect(await loaders.listing(ids.pending!)).toBeNull();
    expect(await loaders.listing('not-a-uuid')).toBeNull();
    expect(await loaders.provider('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('the render’s time limit', () => {
  it('aborts a render that takes too long and rejects, so that the shell is served', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const never = withinTimeLimit(
      (signal) =>
        new Promise<never>(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
      3_000,
    );
    const outcome = never.then(
      () => 'rendered',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(2_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Server rendering took longer than 3000 ms');
    expect(aborted).toBe(true);
  });

  it('hands the bundle the page’s address, the public address, the loaders and the signal', async () => {
    const requests: RenderRequest[] = [];
    const result: RenderResult = { status: 404, head: notFoundHead(), page: null };
    const renderer = entryRenderer(async () => ({
      async render(request) {
        requests.push(request);
        return result;
      },
    }));
    const loaders = ssrLoaders(t.database.db);
    expect(
      await renderer.render('https://mm.example/faq', { publicUrl: 'https://mm.example', loaders }),
    ).toBe(result);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: 'https://mm.example/faq', publicUrl: 'https://mm.example' });
    expect(requests[0]!.loaders).toBe(loaders);
    expect(requests[0]!.signal.aborted).toBe(false);
  });
});
